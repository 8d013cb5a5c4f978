import type { ReviewAnswer, ReviewAnswersResult } from '#shared/contracts/review';
import { REVIEW_ANSWERS_MAX, reviewRoutes } from '#shared/contracts/review-routes';
import { apiFetch } from '#client/lib/api-client';
import { timezoneOffsetQuery } from '#client/lib/api/review/get-review-summary';
import type { BatchedKind } from '#client/lib/sync/sync-kind';

/** Ratings given within this time go out together. */
export const ANSWER_GATHER_MS = 1500;

/**
 * Review answers through the learner-sync engine (decisions 035, 057): sent in batches of up to
 * 500. Each carries its own answerId, so a batch sent twice changes nothing; the server applies
 * them in the order they were made, newest wins per card.
 */
export const reviewAnswerSync: BatchedKind<ReviewAnswer, ReviewAnswersResult> = {
  name: 'review-answer',
  combine: 'batched',
  keyOf: (answer) => answer.answerId,
  max: REVIEW_ANSWERS_MAX,
  gatherMs: ANSWER_GATHER_MS,
  send: (entries, { sentAt, keepalive }) =>
    apiFetch<ReviewAnswersResult>(`${reviewRoutes.answers}?${timezoneOffsetQuery()}`, {
      method: 'POST',
      json: { answers: entries.map((entry) => entry.data), sentAt },
      keepalive,
    }),
};
