import type { Bookmark } from '#shared/contracts/bookmarks';
import type { z } from 'zod';
import type {
  createBookmarkBodySchema,
  updateBookmarkBodySchema,
} from '#shared/contracts/bookmarks';
import { randomUUID } from 'node:crypto';
import { serverTimeOf } from '../../lib/client-time.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { SignedInViewer as SignedIn } from '../../lib/viewer.ts';
import type { StoriesService } from '../stories/stories.service.ts';
import type { BookmarkRow, BookmarksRepository } from './bookmarks.repository.ts';

type CreateBookmark = z.output<typeof createBookmarkBodySchema>;
type UpdateBookmark = z.output<typeof updateBookmarkBodySchema>;

const toBookmark = (
  row: BookmarkRow,
  titles?: { chapterTitle: string; storyTitle: string },
): Bookmark => ({
  id: row.id,
  chapterId: row.chapterId,
  positionSeconds: row.positionSeconds,
  segmentId: row.segmentId,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  ...titles,
});

/** An empty note is no note: stored as null. */
const noteValue = (note: string | null | undefined) => (note ? note : null);

/**
 * When a bookmark or an edit was made, in server time: the client's time corrected by the offset
 * between its clock and ours at send, never ahead of now (a fast clock cannot lock edits out);
 * now when the client did not say.
 */
function madeAt(times: { editedAt?: number; sentAt?: number }, receivedAt: Date): Date {
  if (times.editedAt === undefined || times.sentAt === undefined) return receivedAt;
  return serverTimeOf(times.editedAt, times.sentAt, receivedAt.getTime());
}

/** Bookmarks with notes (FAQ and admin spec): a learner sees and changes only their own. */
export function createBookmarksService(deps: {
  bookmarks: BookmarksRepository;
  stories: StoriesService;
}) {
  const { bookmarks, stories } = deps;
  const missing = () => notFound('Bookmark not found');

  return {
    /** A chapter's bookmarks by position, or (no chapter) all of them newest first with titles. */
    async list(viewer: SignedIn, chapterId?: string): Promise<Bookmark[]> {
      if (chapterId) {
        return (await bookmarks.listForChapter(viewer.userId, chapterId)).map((row) =>
          toBookmark(row),
        );
      }
      const rows = await bookmarks.listAll(viewer.userId);
      return rows.map(({ bookmark, chapterTitle, storyTitle }) =>
        toBookmark(bookmark, { chapterTitle, storyTitle }),
      );
    },

    /**
     * Only a chapter the viewer may see can be bookmarked. With a client-made id (decision 041)
     * the same id again answers the bookmark already made (`created: false`), whatever the body
     * says now; an id someone else's bookmark holds is refused without showing anything of it.
     */
    async create(
      viewer: SignedIn,
      input: CreateBookmark,
      receivedAt = new Date(),
    ): Promise<{ bookmark: Bookmark; created: boolean }> {
      await stories.getChapter(viewer, input.chapterId);
      const { inserted, row } = await bookmarks.insertOrFind({
        editedAt: madeAt(input, receivedAt),
        id: input.id ?? randomUUID(),
        userId: viewer.userId,
        chapterId: input.chapterId,
        positionSeconds: input.positionSeconds,
        segmentId: input.segmentId ?? null,
        note: noteValue(input.note),
      });
      // Gone between the insert and the read (deleted at once): nothing to answer but a refusal.
      if (!row || row.userId !== viewer.userId) throw conflict('This bookmark id is taken');
      return { bookmark: toBookmark(row), created: inserted };
    },

    /**
     * Newest edit wins (decision 041): an edit made offline carries when it was made (client
     * clock, corrected by the offset at send); one older than the edit applied leaves the
     * bookmark as it is and answers it as it is.
     */
    async update(
      viewer: SignedIn,
      id: string,
      changes: UpdateBookmark,
      receivedAt = new Date(),
    ): Promise<Bookmark> {
      const row = await bookmarks.updateIfNewer(viewer.userId, id, {
        ...(changes.note !== undefined ? { note: noteValue(changes.note) } : {}),
        ...(changes.positionSeconds !== undefined
          ? { positionSeconds: changes.positionSeconds }
          : {}),
        editedAt: madeAt(changes, receivedAt),
      });
      const current = row ?? (await bookmarks.findOwn(viewer.userId, id));
      if (!current) throw missing();
      return toBookmark(current);
    },

    /**
     * Afterwards the viewer has no bookmark with this id: one already gone (deleted on another
     * device, or a delete sent twice) is success too. Another user's stays, and nothing says
     * whether it exists.
     */
    async remove(viewer: SignedIn, id: string): Promise<void> {
      await bookmarks.remove(viewer.userId, id);
    },
  };
}

export type BookmarksService = ReturnType<typeof createBookmarksService>;
