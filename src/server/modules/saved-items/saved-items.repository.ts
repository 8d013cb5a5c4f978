import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
} from 'drizzle-orm';
import type { ReviewState } from '#shared/contracts/saved-items';
import { defineRepository } from '../../db/repository.ts';
import { chapters, reviewLogs, reviewSettings, savedItems, stories } from '../../db/schema.ts';
import { publishedTitles } from '../stories/stories.repository.ts';

export type SavedItemRow = typeof savedItems.$inferSelect;
export type SavedItemInsert = typeof savedItems.$inferInsert;

/** A saved item with its story and the titles learners see. */
const withContext = {
  item: savedItems,
  storyId: stories.id,
  storySlug: stories.slug,
  ...publishedTitles,
};
export interface SavedItemWithContext {
  item: SavedItemRow;
  storyId: string;
  storySlug: string;
  chapterTitle: string;
  storyTitle: string;
}

/** Every query is scoped by user id: an item that is not yours does not exist for you. */
const own = (userId: string, id: string) =>
  and(eq(savedItems.userId, userId), eq(savedItems.id, id));

/** `%text%` for ILIKE, with the pattern characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ListFilter {
  q?: string;
  chapterId?: string;
  limit: number;
  /** Items listed after this one (by creation time to the microsecond, then id), newest first. */
  before?: string;
}

export const createSavedItemsRepository = defineRepository((db) => {
  const selectWithContext = () =>
    db
      .select(withContext)
      .from(savedItems)
      .innerJoin(chapters, eq(chapters.id, savedItems.chapterId))
      .innerJoin(stories, eq(stories.id, chapters.storyId));

  const filterOf = (userId: string, filter: Pick<ListFilter, 'q' | 'chapterId'>) => {
    const pattern = filter.q ? containing(filter.q) : undefined;
    return and(
      eq(savedItems.userId, userId),
      filter.chapterId ? eq(savedItems.chapterId, filter.chapterId) : undefined,
      pattern
        ? or(
            sql`${savedItems.text} ilike ${pattern}`,
            sql`${savedItems.sentence} ilike ${pattern}`,
            sql`${savedItems.sentenceTranslation} ilike ${pattern}`,
            sql`${savedItems.gloss} ilike ${pattern}`,
          )
        : undefined,
    );
  };

  return {
    /** Inserts the item unless the user saved the same line or word before: then that one. */
    async insertOrFind(values: SavedItemInsert): Promise<{ id: string; created: boolean }> {
      const [inserted] = await db
        .insert(savedItems)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: savedItems.id });
      if (inserted) return { id: inserted.id, created: true };
      const [existing] = await db
        .select({ id: savedItems.id })
        .from(savedItems)
        .where(
          and(
            eq(savedItems.userId, values.userId),
            eq(savedItems.chapterId, values.chapterId),
            eq(savedItems.segmentId, values.segmentId),
            eq(savedItems.wordId, values.wordId ?? ''),
          ),
        );
      return { id: existing!.id, created: false };
    },

    async find(userId: string, id: string): Promise<SavedItemWithContext | undefined> {
      const [row] = await selectWithContext().where(own(userId, id));
      return row;
    },

    findMany(userId: string, ids: string[]): Promise<SavedItemWithContext[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return selectWithContext().where(
        and(eq(savedItems.userId, userId), inArray(savedItems.id, ids)),
      );
    },

    list(userId: string, filter: ListFilter): Promise<SavedItemWithContext[]> {
      const { before } = filter;
      return selectWithContext()
        .where(
          and(
            filterOf(userId, filter),
            before
              ? sql`(${savedItems.createdAt}, ${savedItems.id}) < (
                  select c.created_at, c.id from ${savedItems} as c
                  where c.id = ${before} and c.user_id = ${userId})`
              : undefined,
          ),
        )
        .orderBy(desc(savedItems.createdAt), desc(savedItems.id))
        .limit(filter.limit);
    },

    async countMatching(userId: string, filter: Pick<ListFilter, 'q' | 'chapterId'>) {
      const [row] = await db
        .select({ total: count() })
        .from(savedItems)
        .where(filterOf(userId, filter));
      return row?.total ?? 0;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(savedItems)
        .where(own(userId, id))
        .returning({ id: savedItems.id });
      return rows.length > 0;
    },

    /** Reviewed cards due at `now`, earliest first. */
    dueCards(userId: string, now: Date, limit: number) {
      return selectWithContext()
        .where(and(eq(savedItems.userId, userId), lte(savedItems.due, now)))
        .orderBy(asc(savedItems.due), asc(savedItems.id))
        .limit(limit);
    },

    /** Cards never reviewed, oldest saved first. */
    newCards(userId: string, limit: number) {
      if (limit <= 0) return Promise.resolve([]);
      return selectWithContext()
        .where(and(eq(savedItems.userId, userId), isNull(savedItems.due)))
        .orderBy(asc(savedItems.createdAt), asc(savedItems.id))
        .limit(limit);
    },

    /** Due now, never reviewed, and first reviewed since `dayStart`: one query. */
    async counts(userId: string, now: Date, dayStart: Date) {
      const [row] = await db
        .select({
          due: sql<number>`count(*) filter (where ${lte(savedItems.due, now)})`.mapWith(Number),
          fresh: sql<number>`count(*) filter (where ${isNull(savedItems.due)})`.mapWith(Number),
          introducedToday: sql<number>`count(*) filter (where ${and(
            isNotNull(savedItems.firstReviewedAt),
            gte(savedItems.firstReviewedAt, dayStart),
          )})`.mapWith(Number),
        })
        .from(savedItems)
        .where(eq(savedItems.userId, userId));
      return {
        due: row?.due ?? 0,
        fresh: row?.fresh ?? 0,
        introducedToday: row?.introducedToday ?? 0,
      };
    },

    /** The user's items among `ids`, locked until the transaction ends (answers apply in order). */
    lockCards(userId: string, ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(savedItems)
        .where(and(eq(savedItems.userId, userId), inArray(savedItems.id, ids)))
        .orderBy(asc(savedItems.id))
        .for('update');
    },

    async writeCard(id: string, card: ReviewState, firstReviewedAt: Date | null) {
      await db
        .update(savedItems)
        .set({
          due: new Date(card.due),
          cardState: card.state,
          stability: card.stability,
          difficulty: card.difficulty,
          reps: card.reps,
          lapses: card.lapses,
          learningSteps: card.learningSteps,
          scheduledDays: card.scheduledDays,
          lastReview: card.lastReview ? new Date(card.lastReview) : null,
          firstReviewedAt,
        })
        .where(eq(savedItems.id, id));
    },

    /** Answer ids of this user's already in the log. */
    async knownAnswers(userId: string, answerIds: string[]): Promise<Set<string>> {
      if (answerIds.length === 0) return new Set();
      const rows = await db
        .select({ answerId: reviewLogs.answerId })
        .from(reviewLogs)
        .where(and(eq(reviewLogs.userId, userId), inArray(reviewLogs.answerId, answerIds)));
      return new Set(rows.map((row) => row.answerId));
    },

    /** Records an answer; false when its id was recorded before (by a concurrent retry). */
    async recordAnswer(values: typeof reviewLogs.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(reviewLogs)
        .values(values)
        .onConflictDoNothing()
        .returning({ answerId: reviewLogs.answerId });
      return rows.length > 0;
    },

    async findNewCardsPerDay(userId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ newCardsPerDay: reviewSettings.newCardsPerDay })
        .from(reviewSettings)
        .where(eq(reviewSettings.userId, userId));
      return row?.newCardsPerDay;
    },

    async setNewCardsPerDay(userId: string, newCardsPerDay: number) {
      await db
        .insert(reviewSettings)
        .values({ userId, newCardsPerDay })
        .onConflictDoUpdate({
          target: reviewSettings.userId,
          set: { newCardsPerDay, updatedAt: new Date() },
        });
    },
  };
});

export type SavedItemsRepository = ReturnType<typeof createSavedItemsRepository>;
