import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { bookmarks, chapters, stories } from '../../db/schema.ts';

export type BookmarkRow = typeof bookmarks.$inferSelect;

/** Every query is scoped by user id: a bookmark that is not yours does not exist for you. */
export const ownBookmark = (userId: string, id: string) =>
  and(eq(bookmarks.userId, userId), eq(bookmarks.id, id));

export function listForChapter(db: DbExecutor, userId: string, chapterId: string) {
  return db
    .select()
    .from(bookmarks)
    .where(and(eq(bookmarks.userId, userId), eq(bookmarks.chapterId, chapterId)))
    .orderBy(asc(bookmarks.positionSeconds));
}

export function listAll(db: DbExecutor, userId: string) {
  return db
    .select({ bookmark: bookmarks, chapterTitle: chapters.title, storyTitle: stories.title })
    .from(bookmarks)
    .innerJoin(chapters, eq(chapters.id, bookmarks.chapterId))
    .innerJoin(stories, eq(stories.id, chapters.storyId))
    .where(eq(bookmarks.userId, userId))
    .orderBy(desc(bookmarks.createdAt));
}

export async function insert(db: DbExecutor, values: typeof bookmarks.$inferInsert) {
  const [row] = await db.insert(bookmarks).values(values).returning();
  return row!;
}

export async function update(
  db: DbExecutor,
  userId: string,
  id: string,
  changes: { note?: string | null; positionSeconds?: number },
) {
  const [row] = await db
    .update(bookmarks)
    .set({ ...changes, updatedAt: new Date() })
    .where(ownBookmark(userId, id))
    .returning();
  return row;
}

export async function remove(db: DbExecutor, userId: string, id: string) {
  const rows = await db
    .delete(bookmarks)
    .where(ownBookmark(userId, id))
    .returning({ id: bookmarks.id });
  return rows.length > 0;
}
