import type { Bookmark } from '#shared/contracts/bookmarks';
import type { z } from 'zod';
import type {
  createBookmarkBodySchema,
  updateBookmarkBodySchema,
} from '#shared/contracts/bookmarks';
import { notFound } from '../../lib/errors.ts';
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

    /** Only a chapter the viewer may see can be bookmarked. */
    async create(viewer: SignedIn, input: CreateBookmark): Promise<Bookmark> {
      await stories.getChapter(viewer, input.chapterId);
      const row = await bookmarks.insert({
        userId: viewer.userId,
        chapterId: input.chapterId,
        positionSeconds: input.positionSeconds,
        segmentId: input.segmentId ?? null,
        note: noteValue(input.note),
      });
      return toBookmark(row);
    },

    async update(viewer: SignedIn, id: string, changes: UpdateBookmark): Promise<Bookmark> {
      const row = await bookmarks.update(viewer.userId, id, {
        ...(changes.note !== undefined ? { note: noteValue(changes.note) } : {}),
        ...(changes.positionSeconds !== undefined
          ? { positionSeconds: changes.positionSeconds }
          : {}),
      });
      if (!row) throw missing();
      return toBookmark(row);
    },

    async remove(viewer: SignedIn, id: string): Promise<void> {
      if (!(await bookmarks.remove(viewer.userId, id))) throw missing();
    },
  };
}

export type BookmarksService = ReturnType<typeof createBookmarksService>;
