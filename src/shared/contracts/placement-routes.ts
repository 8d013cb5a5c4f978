/**
 * The placement API's paths without zod (decision 035): the library and the story page ask whether
 * a learner has placed, so the schemas of placement.ts stay out of their chunks. placement.ts
 * re-exports them: one home for each value.
 */
export const placementRoutes = {
  /** A fresh test: listening-cloze items from each level's stories and a word sample. */
  test: '/api/me/placement/test',
  /** The learner's placement (GET), or a test's answers to score and keep (POST). */
  placement: '/api/me/placement',
} as const;
