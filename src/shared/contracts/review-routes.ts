/**
 * The review API's paths and the answers batch's limit without zod (decision 035): the app-wide
 * flusher sends waiting answers on every page (decision 057), so the schemas of review.ts stay out
 * of its chunk. review.ts re-exports them: one home for each value.
 */

/** Most answers one batch carries. */
export const REVIEW_ANSWERS_MAX = 500;

/**
 * Route paths. queue and summary take `?timezoneOffset=` (answers too, for the counts it
 * returns); answers answer 200 with the outcomes even when some were duplicates or missing;
 * settings are read with GET and set with PUT.
 */
export const reviewRoutes = {
  queue: '/api/me/review/queue',
  summary: '/api/me/review/summary',
  answers: '/api/me/review/answers',
  settings: '/api/me/review/settings',
} as const;
