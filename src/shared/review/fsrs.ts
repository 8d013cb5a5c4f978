import { createEmptyCard, fsrs, generatorParameters, State, type Card, type Grade } from 'ts-fsrs';
import type { ReviewRating } from '../contracts/review.ts';
import { reviewCardStates, type ReviewState } from '../contracts/saved-items.ts';

/**
 * The one scheduling rule of the review deck (decision 035): ts-fsrs with its default parameters
 * and no fuzz, so the server (which stores the result) and the client (which previews the next
 * intervals on the rating buttons) compute the same due dates from the same state.
 */
const scheduler = fsrs(generatorParameters({ enable_fuzz: false }));

const stateByIndex: Record<State, ReviewState['state']> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};

function toCard(review: ReviewState | null, now: Date): Card {
  if (!review) return createEmptyCard(now);
  const lastReview = review.lastReview ? new Date(review.lastReview) : undefined;
  return {
    due: new Date(review.due),
    stability: review.stability,
    difficulty: review.difficulty,
    elapsed_days: 0,
    scheduled_days: review.scheduledDays,
    learning_steps: review.learningSteps,
    reps: review.reps,
    lapses: review.lapses,
    state: reviewCardStates.indexOf(review.state) as State,
    ...(lastReview ? { last_review: lastReview } : {}),
  };
}

function fromCard(card: Card): ReviewState {
  return {
    due: card.due.toISOString(),
    state: stateByIndex[card.state],
    stability: card.stability,
    difficulty: card.difficulty,
    reps: card.reps,
    lapses: card.lapses,
    learningSteps: card.learning_steps,
    scheduledDays: card.scheduled_days,
    lastReview: card.last_review ? card.last_review.toISOString() : null,
  };
}

/** The card after the learner rated it at `reviewedAt` (a card never reviewed is a new card). */
export function scheduleAnswer(
  review: ReviewState | null,
  rating: ReviewRating,
  reviewedAt: Date,
): ReviewState {
  const card = toCard(review, reviewedAt);
  return fromCard(scheduler.next(card, reviewedAt, rating as Grade).card);
}

/**
 * Newest wins: an answer counts only when it is not older than the card's last review. An older
 * one (a device that was offline) is kept in the review log but leaves the card as it is.
 */
export function answerMovesCard(review: ReviewState | null, reviewedAt: Date): boolean {
  return !review?.lastReview || reviewedAt.getTime() >= Date.parse(review.lastReview);
}

/** When the card would next be due for each rating, if rated at `now` (the buttons' preview). */
export function previewDue(review: ReviewState | null, now: Date): Record<ReviewRating, Date> {
  const ratings: ReviewRating[] = [1, 2, 3, 4];
  return Object.fromEntries(
    ratings.map((rating) => [rating, new Date(scheduleAnswer(review, rating, now).due)]),
  ) as Record<ReviewRating, Date>;
}

/** Whether a card is due at `now` (a new card, never reviewed, is not "due": it is new). */
export const isDue = (review: ReviewState | null, now: Date): boolean =>
  review !== null && Date.parse(review.due) <= now.getTime();
