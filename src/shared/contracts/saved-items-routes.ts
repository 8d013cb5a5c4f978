/**
 * The saved-items API's paths and limits without zod (decision 035): the player and My words import
 * these, so the schemas of src/shared/contracts/saved-items.ts stay out of the player's chunks.
 * saved-items.ts re-exports them: one home for each value.
 */

export const SAVED_ITEMS_PAGE_MAX = 100;
export const SAVED_ITEMS_QUERY_MAX = 200;

/** Route paths (under /api). POST answers 201 with a new item, 200 with the one already saved. */
export const savedItemRoutes = {
  list: '/api/me/saved-items',
  create: '/api/me/saved-items',
  remove: (id: string) => `/api/me/saved-items/${encodeURIComponent(id)}`,
} as const;
