import { z } from 'zod';
import { clientTimeSchema } from './client-time.ts';
import { REVIEW_ANSWERS_MAX } from './review-routes.ts';
import { savedItemSchema } from './saved-items.ts';

export { REVIEW_ANSWERS_MAX, reviewRoutes } from './review-routes.ts';

/**
 * Review of saved items with FSRS (issue 14, decision 035). The scheduling rule is
 * src/shared/review/fsrs.ts (ts-fsrs), run by the server on every answer; the client may run the
 * same rule to preview the next intervals. Answers are sent in batches so an offline queue can be
 * flushed: each carries an id made by the client (a retried batch changes nothing) and its time
 * in the client's clock, corrected on the server like progress saves; per card the newest answer
 * wins and every answer is kept in the review log.
 */

/** Again / Hard / Good / Easy, as ts-fsrs `Rating` (1..4). */
export const reviewRatings = [1, 2, 3, 4] as const;
export type ReviewRating = (typeof reviewRatings)[number];
export const reviewRatingNames = { 1: 'Again', 2: 'Hard', 3: 'Good', 4: 'Easy' } as const;

export const DEFAULT_NEW_CARDS_PER_DAY = 20;
export const NEW_CARDS_PER_DAY_MAX = 500;
/** Most cards one queue answer carries (due first, then new within the day's limit). */
export const REVIEW_QUEUE_MAX = 200;

/**
 * The learner's day starts at their local midnight: the client sends `new Date().getTimezoneOffset()`
 * (minutes, as JavaScript gives it: UTC − local). Absent: UTC.
 */
export const reviewDayQuerySchema = z
  .object({
    timezoneOffset: z.coerce
      .number({ error: 'timezoneOffset must be a whole number of minutes' })
      .int('timezoneOffset must be a whole number of minutes')
      .min(-840, 'timezoneOffset must be at least -840')
      .max(840, 'timezoneOffset must be at most 840')
      .default(0),
  })
  .strict();
export type ReviewDayQuery = z.input<typeof reviewDayQuerySchema>;

export const reviewCountsSchema = z.object({
  /** Reviewed cards due now. */
  dueCount: z.number().int().nonnegative(),
  /** New cards that may still be introduced today (limit − introduced, at most the new cards saved). */
  newAvailable: z.number().int().nonnegative(),
  /** The learner's daily new-card limit. */
  newLimit: z.number().int().nonnegative(),
  /** Cards first reviewed since the learner's midnight. */
  newIntroducedToday: z.number().int().nonnegative(),
});
export type ReviewCounts = z.infer<typeof reviewCountsSchema>;

/** Due cards first (earliest due first), then new cards (oldest saved first) within the limit. */
export const reviewQueueResponseSchema = z.object({
  cards: z.array(savedItemSchema),
  counts: reviewCountsSchema,
});
export type ReviewQueue = z.infer<typeof reviewQueueResponseSchema>;

/** The header's and profile's due count: cheap. */
export const reviewSummaryResponseSchema = z.object({
  dueCount: z.number().int().nonnegative(),
  newAvailable: z.number().int().nonnegative(),
});
export type ReviewSummary = z.infer<typeof reviewSummaryResponseSchema>;

export const reviewAnswerSchema = z
  .object({
    /** Made by the client (crypto.randomUUID()) when the learner rates: the idempotency key. */
    answerId: z.uuid(),
    itemId: z.uuid(),
    rating: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
    /** When the learner rated, in the client's clock (ms since epoch). */
    reviewedAt: clientTimeSchema,
  })
  .strict();
export type ReviewAnswer = z.infer<typeof reviewAnswerSchema>;

export const reviewAnswersBodySchema = z
  .object({
    answers: z
      .array(reviewAnswerSchema)
      .min(1, 'Send at least one answer')
      .max(REVIEW_ANSWERS_MAX, `Send at most ${REVIEW_ANSWERS_MAX} answers at once`),
    /** When this request was sent, in the client's clock (ms): corrects the clock offset. */
    sentAt: clientTimeSchema,
  })
  .strict();
export type ReviewAnswersBody = z.infer<typeof reviewAnswersBodySchema>;

/**
 * What became of each answer: `applied` (it moved the card), `recorded` (kept in the log, but the
 * card had a newer review already), `duplicate` (this answerId was received before), `missing`
 * (no such item of yours, e.g. deleted on another device: dropped, so a queue never gets stuck).
 */
export const reviewAnswerOutcomes = ['applied', 'recorded', 'duplicate', 'missing'] as const;
export type ReviewAnswerOutcome = (typeof reviewAnswerOutcomes)[number];

export const reviewAnswersResponseSchema = z.object({
  results: z.array(
    z.object({ answerId: z.uuid(), itemId: z.uuid(), outcome: z.enum(reviewAnswerOutcomes) }),
  ),
  /** The current state of every item answered that still exists. */
  items: z.array(savedItemSchema),
  counts: reviewCountsSchema,
});
export type ReviewAnswersResult = z.infer<typeof reviewAnswersResponseSchema>;

export const reviewSettingsSchema = z.object({
  newCardsPerDay: z
    .number({ error: 'newCardsPerDay must be a whole number' })
    .int('newCardsPerDay must be a whole number')
    .min(0, 'newCardsPerDay must be at least 0')
    .max(NEW_CARDS_PER_DAY_MAX, `newCardsPerDay must be at most ${NEW_CARDS_PER_DAY_MAX}`),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;
export const reviewSettingsResponseSchema = z.object({ settings: reviewSettingsSchema });
export const updateReviewSettingsBodySchema = reviewSettingsSchema.strict();
