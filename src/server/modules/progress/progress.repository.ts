import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { ProgressState } from '#shared/player/progress-rules';
import { defineRepository } from '../../db/repository.ts';
import { chapters, stories, userStoryProgress } from '../../db/schema.ts';
import { chapterIsPublished } from '../stories/stories.repository.ts';

export type ProgressRow = typeof userStoryProgress.$inferSelect;

export const createProgressRepository = defineRepository((db) => ({
  /**
   * The home of the progress rules for stored saves (the spec's update_chapter_progress), in one
   * atomic statement: a save lands only when it is newer than the stored one by corrected client
   * time, and a completed chapter stays completed at 100 % whatever comes after. Returns undefined
   * when an equal or newer save was already stored.
   */
  async upsertIfNewer(
    userId: string,
    chapterId: string,
    state: ProgressState,
    savedAt: Date,
  ): Promise<{ row: ProgressRow; wasCompleted: boolean } | undefined> {
    const previous = userStoryProgress;
    const result = await db.execute<{ id: string; was_completed: boolean | null }>(sql`
      with before as (
        select completed from ${previous} where user_id = ${userId} and chapter_id = ${chapterId}
      )
      insert into ${previous} as p (user_id, chapter_id, progress_percentage, completed,
        last_position_seconds, last_accessed_at, client_updated_at)
      values (${userId}, ${chapterId}, ${state.progressPercentage}, ${state.completed},
        ${state.lastPositionSeconds}, now(), ${savedAt.toISOString()})
      on conflict (user_id, chapter_id) do update set
        completed = p.completed or excluded.completed,
        progress_percentage = case when p.completed or excluded.completed then 100
          else excluded.progress_percentage end,
        last_position_seconds = excluded.last_position_seconds,
        last_accessed_at = now(),
        client_updated_at = excluded.client_updated_at
      where p.client_updated_at is null or p.client_updated_at < excluded.client_updated_at
      returning p.id, (select completed from before) as was_completed`);
    const applied = result.rows[0];
    if (!applied) return undefined;
    const [row] = await db.select().from(previous).where(eq(previous.id, applied.id));
    return { row: row!, wasCompleted: applied.was_completed ?? false };
  },

  async find(userId: string, chapterId: string) {
    const [row] = await db
      .select()
      .from(userStoryProgress)
      .where(and(eq(userStoryProgress.userId, userId), eq(userStoryProgress.chapterId, chapterId)));
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

  /** Listening facts the achievements are decided from (all but words learned). */
  async listeningFacts(userId: string) {
    const result = await db.execute<{
      completed_chapters: number;
      listened_seconds: string;
      completed_stories: number;
      completed_levels: number;
    }>(sql`
      with mine as (
        select p.completed, p.last_position_seconds, c.story_id, s.level, c.duration
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
        (select coalesce(sum(case when completed then greatest(coalesce(duration, 0), last_position_seconds)
          else last_position_seconds end), 0) from mine) as listened_seconds,
        (select count(*)::int from story_done) as completed_stories,
        (select count(distinct level)::int from mine where completed) as completed_levels`);
    const row = result.rows[0]!;
    return {
      completedChapters: Number(row.completed_chapters),
      listenedSeconds: Number(row.listened_seconds),
      completedStories: Number(row.completed_stories),
      completedLevels: Number(row.completed_levels),
    };
  },
}));

export type ProgressRepository = ReturnType<typeof createProgressRepository>;
