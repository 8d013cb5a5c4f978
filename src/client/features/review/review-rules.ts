import type { ReviewRating, ReviewSummary } from '#shared/contracts/review';
import type { SavedItem } from '#shared/contracts/saved-items';
import { previewDue, scheduleAnswer } from '#shared/review/fsrs';
import { randomUuid } from '#client/lib/random-uuid';

/** A card rated in this session comes back in it when it is due within this time (a learning step). */
export const SAME_SESSION_MS = 20 * 60_000;

/** How long until `due`, as the rating buttons show it: "<1m", "10m", "5h", "3d", "2mo", "1.5y". */
export function formatInterval(fromMs: number, dueMs: number): string {
  const minutes = (dueMs - fromMs) / 60_000;
  if (minutes < 1) return '<1m';
  if (minutes < 60) return `${Math.round(minutes)}m`;
  const hours = minutes / 60;
  if (hours < 24) return `${Math.round(hours)}h`;
  const days = hours / 24;
  if (days < 30) return `${Math.round(days)}d`;
  if (days < 365) return `${Math.round(days / 30)}mo`;
  return `${Math.round((days / 365) * 10) / 10}y`;
}

/** The four buttons' intervals for a card rated now. */
export function ratingIntervals(card: SavedItem, now: Date): Record<ReviewRating, string> {
  const due = previewDue(card.review, now);
  const label = (rating: ReviewRating) => formatInterval(now.getTime(), due[rating].getTime());
  return { 1: label(1), 2: label(2), 3: label(3), 4: label(4) };
}

export interface SessionState {
  /** Cards still to show, the current one first. */
  cards: SavedItem[];
  /** Cards rated and not coming back today: their new due dates. */
  doneDue: number[];
  /** New cards introduced in this session. */
  introduced: number;
}

export const startSession = (cards: SavedItem[]): SessionState => ({
  cards,
  doneDue: [],
  introduced: 0,
});

/**
 * The session after the current card was rated: its state moves by the same rule the server
 * applies; a card due again soon (Again, a learning step) goes to the back of the session.
 */
export function rateCurrent(state: SessionState, rating: ReviewRating, now: Date): SessionState {
  const [card, ...rest] = state.cards;
  if (!card) return state;
  const review = scheduleAnswer(card.review, rating, now);
  const dueMs = Date.parse(review.due);
  const introduced = state.introduced + (card.review === null ? 1 : 0);
  if (dueMs - now.getTime() <= SAME_SESSION_MS) {
    return { cards: [...rest, { ...card, review }], doneDue: state.doneDue, introduced };
  }
  return { cards: rest, doneDue: [...state.doneDue, dueMs], introduced };
}

/**
 * Counts shown above the card: reviews due now (a card back in the session after a learning step
 * counts once its step is over, as on the server) and new cards left in the session.
 */
export function sessionCounts(state: SessionState, now: Date): { due: number; newLeft: number } {
  let due = 0;
  let newLeft = 0;
  for (const card of state.cards) {
    if (card.review === null) newLeft += 1;
    else if (Date.parse(card.review.due) <= now.getTime()) due += 1;
  }
  return { due, newLeft };
}

/**
 * The header's and profile's counts right after `card` was rated, before the answer reaches the
 * server (whose counts replace these when it answers): a new card leaves "new cards left today",
 * a due card leaves "due" unless it is due again at once.
 */
export function summaryAfterRating(
  summary: ReviewSummary,
  card: SavedItem,
  rating: ReviewRating,
  now: Date,
): ReviewSummary {
  const wasNew = card.review === null;
  const wasDue = card.review !== null && Date.parse(card.review.due) <= now.getTime();
  const dueAgain = Date.parse(scheduleAnswer(card.review, rating, now).due) <= now.getTime();
  return {
    dueCount: Math.max(0, summary.dueCount - (wasDue ? 1 : 0) + (dueAgain ? 1 : 0)),
    newAvailable: Math.max(0, summary.newAvailable - (wasNew ? 1 : 0)),
  };
}

/** The earliest moment a card is due after now, from the items' states (null: nothing scheduled). */
export function nextDueAt(dues: readonly number[], nowMs: number): number | null {
  const future = dues.filter((due) => due > nowMs);
  return future.length === 0 ? null : Math.min(...future);
}

/** Made when the learner rates a card: the answer's idempotency key. */
export const newAnswerId = (): string => randomUuid();
