/**
 * The practice API's paths and the answers batch's limit without zod (decision 066): the app-wide
 * flusher sends waiting answers on every page (decision 057), so the schemas of practice.ts stay
 * out of its chunk. practice.ts re-exports them: one home for each value.
 */

/** Most answers one batch carries. */
export const PRACTICE_ANSWERS_MAX = 500;

export const practiceRoutes = {
  answers: '/api/me/practice/answers',
} as const;
