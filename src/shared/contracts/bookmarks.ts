import { z } from 'zod';
import { clientTimeSchema } from './client-time.ts';

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

const sentTogether = {
  message: 'editedAt and sentAt are sent together',
  path: ['sentAt'],
};
const timesTogether = (value: { editedAt?: number; sentAt?: number }) =>
  (value.editedAt === undefined) === (value.sentAt === undefined);

/**
 * `id`: a client-made id (decision 041), so a bookmark made offline and sent twice is one
 * bookmark: the same id again answers the existing one (200; new: 201). `editedAt`/`sentAt`:
 * when it was made and sent (client clock), so edits made after it offline still win; counted
 * only together (no refinement here: the panel's form picks `note` from this schema).
 */
export const createBookmarkBodySchema = z
  .object({
    id: z.uuid().optional(),
    chapterId: z.uuid(),
    positionSeconds: z.number().min(0).max(86_400),
    segmentId: z.string().min(1).max(64).optional(),
    note: z.string().trim().max(BOOKMARK_NOTE_MAX).optional(),
    editedAt: clientTimeSchema.optional(),
    sentAt: clientTimeSchema.optional(),
  })
  .strict();

export const updateBookmarkBodySchema = z
  .object({
    note: z.string().trim().max(BOOKMARK_NOTE_MAX).nullable().optional(),
    positionSeconds: z.number().min(0).max(86_400).optional(),
    /**
     * When the edit was made and when it was sent (client clock, decision 041): the server
     * corrects the first by the clock offset and applies the edit only if no newer one was.
     * Without them the edit is made now.
     */
    editedAt: clientTimeSchema.optional(),
    sentAt: clientTimeSchema.optional(),
  })
  .strict()
  .refine(
    (value) => value.note !== undefined || value.positionSeconds !== undefined,
    'Nothing to update',
  )
  .refine(timesTogether, sentTogether);

export const bookmarkResponseSchema = z.object({ bookmark: bookmarkSchema });
export const bookmarkListResponseSchema = z.object({ bookmarks: z.array(bookmarkSchema) });
export const bookmarkQuerySchema = z.object({ chapterId: z.uuid().optional() }).strict();
