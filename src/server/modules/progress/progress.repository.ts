import { and, desc, eq, getTableColumns, inArray, isNotNull, sql } from 'drizzle-orm';
import type { ProgressState } from '#shared/player/progress-rules';
import { defineRepository } from '../../db/repository.ts';
import { chapters, stories, userStoryProgress } from '../../db/schema.ts';
import { chapterIsPublished } from '../stories/stories.repository.ts';

export type ProgressRow = typeof userStoryProgress.$inferSelect;

const param = {
  userId: sql.placeholder('userId'),
  chapterId: sql.placeholder('chapterId'),
  progressPercentage: sql.placeholder('progressPercentage'),
  completed: sql.placeholder('completed'),
  lastPositionSeconds: sql.placeholder('lastPositionSeconds'),
  savedAt: sql.placeholder('savedAt'),
};

export const createProgressRepository = defineRepository((db) => {
  const p = userStoryProgress;
  // Whether the chapter was completed before this save (the statement's snapshot): only a save
  // that completes it earns achievements.
  const before = db.$with('before').as(
    db
      .select({ completed: p.completed })
      .from(p)
      .where(and(eq(p.userId, param.userId), eq(p.chapterId, param.chapterId))),
  );
  const upsertIfNewer = db
    .with(before)
    .insert(p)
    .values({
      userId: param.userId,
      chapterId: param.chapterId,
      progressPercentage: param.progressPercentage,
      completed: param.completed,
      lastPositionSeconds: param.lastPositionSeconds,
      lastAccessedAt: sql`now()`,
      clientUpdatedAt: param.savedAt,
      completedAt: sql`case when ${param.completed}::boolean then ${param.savedAt}::timestamptz end`,
    })
    .onConflictDoUpdate({
      target: [p.userId, p.chapterId],
      set: {
        completed: sql`${p.completed} or excluded.completed`,
        progressPercentage: sql`case when ${p.completed} or excluded.completed then 100
          else excluded.progress_percentage end`,
        lastPositionSeconds: sql`excluded.last_position_seconds`,
        lastAccessedAt: sql`now()`,
        clientUpdatedAt: sql`excluded.client_updated_at`,
        // The first completion's time stays (a later save cannot move it).
        completedAt: sql`coalesce(${p.completedAt}, excluded.completed_at)`,
      },
      where: sql`${p.clientUpdatedAt} is null or ${p.clientUpdatedAt} < excluded.client_updated_at`,
    })
    .returning({
      ...getTableColumns(p),
      wasCompleted: sql<boolean | null>`(select ${before.completed} from ${before})`,
    })
    .prepare('progress_upsert_if_newer');

  return {
    /**
     * The home of the progress rules for stored saves (the spec's update_chapter_progress), in
     * one atomic statement: a save lands only when it is newer than the stored one by corrected
     * client time, and a completed chapter stays completed at 100 % whatever comes after. One
     * prepared statement returns the stored row too. Returns undefined when an equal or newer
     * save was already stored. (The live event is not sent from this statement: a transaction
     * that notifies holds PostgreSQL's global notify lock through its commit, so saves would
     * commit one at a time; progress-events.ts batches the events instead.)
     */
    async upsertIfNewer(
      userId: string,
      chapterId: string,
      state: ProgressState,
      savedAt: Date,
    ): Promise<{ row: ProgressRow; wasCompleted: boolean } | undefined> {
      const [applied] = await upsertIfNewer.execute({
        userId,
        chapterId,
        progressPercentage: state.progressPercentage,
        completed: state.completed,
        lastPositionSeconds: state.lastPositionSeconds,
        savedAt,
      });
      if (!applied) return undefined;
      const { wasCompleted, ...row } = applied;
      return { row, wasCompleted: wasCompleted ?? false };
    },

    async find(userId: string, chapterId: string) {
      const [row] = await db
        .select()
        .from(userStoryProgress)
        .where(
          and(eq(userStoryProgress.userId, userId), eq(userStoryProgress.chapterId, chapterId)),
        );
      return row;
    },

    list(userId: string, chapterIds?: string[]) {
      return db
        .select()
        .from(userStoryProgress)
        .where(
          and(
            eq(userStoryProgress.userId, userId),
            chapterIds ? inArray(userStoryProgress.chapterId, chapterIds) : undefined,
          ),
        )
        .orderBy(desc(userStoryProgress.lastAccessedAt));
    },

    /** The learner's last chapters (those learners see in a published revision), newest first. */
    listRecent(userId: string, limit: number) {
      return db
        .select({ progress: userStoryProgress, chapter: chapters, story: stories })
        .from(userStoryProgress)
        .innerJoin(chapters, eq(chapters.id, userStoryProgress.chapterId))
        .innerJoin(stories, eq(stories.id, chapters.storyId))
        .where(
          and(
            eq(userStoryProgress.userId, userId),
            isNotNull(userStoryProgress.lastAccessedAt),
            chapterIsPublished,
          ),
        )
        .orderBy(desc(userStoryProgress.lastAccessedAt))
        .limit(limit);
    },

    async completedChapterIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ chapterId: userStoryProgress.chapterId })
        .from(userStoryProgress)
        .where(and(eq(userStoryProgress.userId, userId), eq(userStoryProgress.completed, true)));
      return rows.map((row) => row.chapterId);
    },

    /**
     * The completions the achievements are decided from (time listened and words learned come
     * from their own homes: listening.repository.ts, vocabulary.service.ts).
     */
    async completionFacts(userId: string) {
      const result = await db.execute<{
        completed_chapters: number;
        completed_stories: number;
        completed_levels: number;
      }>(sql`
      with mine as (
        select p.completed, s.level
        from user_story_progress p
        join chapters c on c.id = p.chapter_id
        join stories s on s.id = c.story_id
        where p.user_id = ${userId}
      ),
      story_done as (
        select ${chapters.storyId}
        from ${chapters}
        join ${stories} on ${stories.id} = ${chapters.storyId}
        left join user_story_progress p on p.chapter_id = ${chapters.id} and p.user_id = ${userId}
        where ${chapterIsPublished}
        group by ${chapters.storyId}
        having bool_and(coalesce(p.completed, false))
      )
      select
        (select count(*)::int from mine where completed) as completed_chapters,
        (select count(*)::int from story_done) as completed_stories,
        (select count(distinct level)::int from mine where completed) as completed_levels`);
      const row = result.rows[0]!;
      return {
        completedChapters: Number(row.completed_chapters),
        completedStories: Number(row.completed_stories),
        completedLevels: Number(row.completed_levels),
      };
    },
  };
});

export type ProgressRepository = ReturnType<typeof createProgressRepository>;
