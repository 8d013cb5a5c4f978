import {
  DEFAULT_NEW_CARDS_PER_DAY,
  REVIEW_QUEUE_MAX,
  type ReviewAnswerOutcome,
  type ReviewAnswersBody,
  type ReviewAnswersResult,
  type ReviewCounts,
  type ReviewQueue,
  type ReviewSettings,
  type ReviewSummary,
} from '#shared/contracts/review';
import { answerMovesCard, scheduleAnswer } from '#shared/review/fsrs';
import type { RequestOrigin } from '../../lib/actor.ts';
import { serverTimeOf } from '../../lib/client-time.ts';
import { rateLimited } from '../../lib/errors.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import type { SignedInViewer } from '../../lib/viewer.ts';
import type { TransactionRunner } from '../../db/repository.ts';
import type { SavedItemRow, SavedItemsRepository } from '../saved-items/saved-items.repository.ts';
import { reviewStateOf, toSavedItem } from '../saved-items/saved-items.service.ts';

export const reviewMessages = {
  rateLimited: 'Too many review answers at once. Please wait a moment.',
} as const;

/** A batch per rating at most, or an offline queue flushed in a few batches. */
export const reviewAnswersRateRule: RateLimitRule = {
  action: 'review_answers',
  limit: 120,
  windowMs: 60_000,
};

const DAY_MS = 24 * 3600_000;

/** The learner's last local midnight, from JavaScript's getTimezoneOffset() (UTC − local, minutes). */
export function dayStartOf(now: Date, timezoneOffset: number): Date {
  const offsetMs = timezoneOffset * 60_000;
  const local = now.getTime() - offsetMs;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS + offsetMs);
}

interface Requester {
  viewer: SignedInViewer;
  origin: RequestOrigin;
}

/**
 * Review of saved items with FSRS (decision 035). The card state lives on the saved item; every
 * answer is kept in the review log under the client's answer id. Answers of a batch are applied in
 * the order they were made (corrected client time), each only when it is not older than the card's
 * last review, so the newest answer wins whatever order devices sync in.
 */
export function createReviewService(deps: {
  savedItems: SavedItemsRepository;
  transaction: TransactionRunner;
  limiter: RateLimiter;
}) {
  const { savedItems, transaction, limiter } = deps;

  async function newLimitOf(userId: string) {
    return (await savedItems.findNewCardsPerDay(userId)) ?? DEFAULT_NEW_CARDS_PER_DAY;
  }

  async function counts(userId: string, now: Date, timezoneOffset: number): Promise<ReviewCounts> {
    const [raw, newLimit] = await Promise.all([
      savedItems.counts(userId, now, dayStartOf(now, timezoneOffset)),
      newLimitOf(userId),
    ]);
    return {
      dueCount: raw.due,
      newAvailable: Math.max(0, Math.min(newLimit - raw.introducedToday, raw.fresh)),
      newLimit,
      newIntroducedToday: raw.introducedToday,
    };
  }

  return {
    async queue(
      viewer: SignedInViewer,
      timezoneOffset: number,
      now = new Date(),
    ): Promise<ReviewQueue> {
      const current = await counts(viewer.userId, now, timezoneOffset);
      const due = await savedItems.dueCards(viewer.userId, now, REVIEW_QUEUE_MAX);
      const fresh = await savedItems.newCards(
        viewer.userId,
        Math.min(current.newAvailable, REVIEW_QUEUE_MAX - due.length),
      );
      return { cards: [...due, ...fresh].map(toSavedItem), counts: current };
    },

    async summary(
      viewer: SignedInViewer,
      timezoneOffset: number,
      now = new Date(),
    ): Promise<ReviewSummary> {
      const { dueCount, newAvailable } = await counts(viewer.userId, now, timezoneOffset);
      return { dueCount, newAvailable };
    },

    async answer(
      { viewer, origin }: Requester,
      body: ReviewAnswersBody,
      timezoneOffset: number,
      receivedAt = Date.now(),
    ): Promise<ReviewAnswersResult> {
      const verdict = await limiter.hit(reviewAnswersRateRule, viewer.userId, origin);
      if (!verdict.allowed) {
        throw rateLimited(reviewMessages.rateLimited, {
          retryAfterSeconds: verdict.retryAfterSeconds,
        });
      }
      const { userId } = viewer;
      // Never later than now: a clock the offset could not fix must not schedule from the future.
      const timed = body.answers.map((answer, index) => ({
        ...answer,
        index,
        at: serverTimeOf(answer.reviewedAt, body.sentAt, receivedAt),
      }));
      const outcomes = new Map<string, ReviewAnswerOutcome>();
      const itemIds = [...new Set(timed.map((answer) => answer.itemId))];

      await transaction(async (tx) => {
        const repo = savedItems.in(tx);
        const cards = new Map<string, SavedItemRow>(
          (await repo.lockCards(userId, itemIds)).map((row) => [row.id, row]),
        );
        const known = await repo.knownAnswers(userId, [...new Set(timed.map((a) => a.answerId))]);
        const changed = new Set<string>();
        const byTime = [...timed].sort(
          (a, b) => a.at.getTime() - b.at.getTime() || a.index - b.index,
        );
        for (const answer of byTime) {
          if (outcomes.has(answer.answerId) || known.has(answer.answerId)) {
            outcomes.set(answer.answerId, outcomes.get(answer.answerId) ?? 'duplicate');
            continue;
          }
          const row = cards.get(answer.itemId);
          if (!row) {
            outcomes.set(answer.answerId, 'missing');
            continue;
          }
          const state = reviewStateOf(row);
          const moves = answerMovesCard(state, answer.at);
          const recorded = await repo.recordAnswer({
            userId,
            answerId: answer.answerId,
            itemId: row.id,
            rating: answer.rating,
            reviewedAt: answer.at,
            applied: moves,
          });
          if (!recorded) {
            outcomes.set(answer.answerId, 'duplicate');
            continue;
          }
          outcomes.set(answer.answerId, moves ? 'applied' : 'recorded');
          const next = moves ? scheduleAnswer(state, answer.rating, answer.at) : state;
          const firstReviewedAt =
            row.firstReviewedAt && row.firstReviewedAt <= answer.at
              ? row.firstReviewedAt
              : answer.at;
          if (next) {
            cards.set(row.id, {
              ...row,
              due: new Date(next.due),
              cardState: next.state,
              stability: next.stability,
              difficulty: next.difficulty,
              reps: next.reps,
              lapses: next.lapses,
              learningSteps: next.learningSteps,
              scheduledDays: next.scheduledDays,
              lastReview: next.lastReview ? new Date(next.lastReview) : null,
              firstReviewedAt,
            });
            changed.add(row.id);
          }
        }
        for (const id of changed) {
          const row = cards.get(id)!;
          await repo.writeCard(id, reviewStateOf(row)!, row.firstReviewedAt);
        }
      });

      const items = await savedItems.findMany(userId, itemIds);
      return {
        results: body.answers.map((answer) => ({
          answerId: answer.answerId,
          itemId: answer.itemId,
          outcome: outcomes.get(answer.answerId) ?? 'duplicate',
        })),
        items: items.map(toSavedItem),
        counts: await counts(userId, new Date(receivedAt), timezoneOffset),
      };
    },

    async settings(viewer: SignedInViewer): Promise<ReviewSettings> {
      return { newCardsPerDay: await newLimitOf(viewer.userId) };
    },

    async updateSettings(
      viewer: SignedInViewer,
      settings: ReviewSettings,
    ): Promise<ReviewSettings> {
      await savedItems.setNewCardsPerDay(viewer.userId, settings.newCardsPerDay);
      return { newCardsPerDay: settings.newCardsPerDay };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
