import { z } from 'zod';

/**
 * Page-numbered lists of the admin area (the inbox, the audit log): `page` counts from 1 and
 * `pageSize` is bounded per list; both arrive as query-string text and anything that is not a
 * whole number in range is a 400 in the common error shape.
 */

/** Further than any admin will page; it keeps OFFSET (page × size) small. */
export const PAGE_MAX = 10_000;

export function pageQueryFields(limits: { defaultPageSize: number; maxPageSize: number }) {
  return {
    page: z.coerce
      .number({ error: 'page must be a whole number' })
      .int('page must be a whole number')
      .min(1, 'page must be at least 1')
      .max(PAGE_MAX, `page must be at most ${PAGE_MAX}`)
      .default(1),
    pageSize: z.coerce
      .number({ error: 'pageSize must be a whole number' })
      .int('pageSize must be a whole number')
      .min(1, 'pageSize must be at least 1')
      .max(limits.maxPageSize, `pageSize must be at most ${limits.maxPageSize}`)
      .default(limits.defaultPageSize),
  };
}

/** What a page of results says about itself: which page, its size, and how many rows matched. */
export const pageInfoSchema = z.object({
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  total: z.number().int().nonnegative(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** How many pages `total` rows fill (at least one: an empty list is one empty page). */
export const pageCount = ({ total, pageSize }: Pick<PageInfo, 'total' | 'pageSize'>): number =>
  Math.max(1, Math.ceil(total / pageSize));
