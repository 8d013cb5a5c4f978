import { and, asc, desc, eq, lte } from 'drizzle-orm';
import { defineRepository } from '../../db/repository.ts';
import { bookmarks, chapters, stories } from '../../db/schema.ts';
import { publishedTitles } from '../stories/stories.repository.ts';

export type BookmarkRow = typeof bookmarks.$inferSelect;

/** Every query is scoped by user id: a bookmark that is not yours does not exist for you. */
const ownBookmark = (userId: string, id: string) =>
  and(eq(bookmarks.userId, userId), eq(bookmarks.id, id));

export const createBookmarksRepository = defineRepository((db) => ({
  listForChapter(userId: string, chapterId: string) {
    return db
      .select()
      .from(bookmarks)
      .where(and(eq(bookmarks.userId, userId), eq(bookmarks.chapterId, chapterId)))
      .orderBy(asc(bookmarks.positionSeconds));
  },

  /**
   * All of a user's bookmarks with their chapter and story titles, newest first: the titles
   * learners see (the published revision's) when the chapter is in one, else the working copy's.
   */
  listAll(userId: string) {
    return db
      .select({ bookmark: bookmarks, ...publishedTitles })
      .from(bookmarks)
      .innerJoin(chapters, eq(chapters.id, bookmarks.chapterId))
      .innerJoin(stories, eq(stories.id, chapters.storyId))
      .where(eq(bookmarks.userId, userId))
      .orderBy(desc(bookmarks.createdAt));
  },

  /**
   * Inserts the bookmark unless its id exists: then `inserted` is false and `row` is the one
   * stored under that id (whoever's it is: the service decides what to answer).
   */
  async insertOrFind(values: typeof bookmarks.$inferInsert & { id: string }) {
    const [inserted] = await db
      .insert(bookmarks)
      .values(values)
      .onConflictDoNothing({ target: bookmarks.id })
      .returning();
    if (inserted) return { inserted: true as const, row: inserted };
    const [row] = await db.select().from(bookmarks).where(eq(bookmarks.id, values.id));
    return { inserted: false as const, row };
  },

  async findOwn(userId: string, id: string) {
    const [row] = await db.select().from(bookmarks).where(ownBookmark(userId, id));
    return row;
  },

  /** Applies the edit unless a newer one (by `editedAt`) was applied; undefined when it was not. */
  async updateIfNewer(
    userId: string,
    id: string,
    changes: { note?: string | null; positionSeconds?: number; editedAt: Date },
  ) {
    const [row] = await db
      .update(bookmarks)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(ownBookmark(userId, id), lte(bookmarks.editedAt, changes.editedAt)))
      .returning();
    return row;
  },

  async remove(userId: string, id: string) {
    const rows = await db
      .delete(bookmarks)
      .where(ownBookmark(userId, id))
      .returning({ id: bookmarks.id });
    return rows.length > 0;
  },
}));

export type BookmarksRepository = ReturnType<typeof createBookmarksRepository>;
