import { z } from 'zod';

export const BOOKMARK_NOTE_MAX = 1000;

export const bookmarkSchema = z.object({
  id: z.uuid(),
  chapterId: z.uuid(),
  positionSeconds: z.number(),
  segmentId: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** Present in the all-bookmarks list (profile). */
  chapterTitle: z.string().optional(),
  storyTitle: z.string().optional(),
});
export type Bookmark = z.infer<typeof bookmarkSchema>;

export const createBookmarkBodySchema = z
  .object({
    chapterId: z.uuid(),
    positionSeconds: z.number().min(0).max(86_400),
    segmentId: z.string().min(1).max(64).optional(),
    note: z.string().trim().max(BOOKMARK_NOTE_MAX).optional(),
  })
  .strict();

export const updateBookmarkBodySchema = z
  .object({
    note: z.string().trim().max(BOOKMARK_NOTE_MAX).nullable().optional(),
    positionSeconds: z.number().min(0).max(86_400).optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update');

export const bookmarkResponseSchema = z.object({ bookmark: bookmarkSchema });
export const bookmarkListResponseSchema = z.object({ bookmarks: z.array(bookmarkSchema) });
export const bookmarkQuerySchema = z.object({ chapterId: z.uuid().optional() }).strict();
