import { sql, type SQL } from 'drizzle-orm';
import { defineRepository } from '../../db/repository.ts';

/** The learner's calendar day of a timestamp column, as YYYY-MM-DD (offset: minutes UTC − local). */
const localDay = (column: SQL, timezoneOffset: number) =>
  sql`to_char((${column} at time zone 'UTC') - make_interval(mins => ${timezoneOffset}), 'YYYY-MM-DD')`;

type DayCount = { day: string; count: number };

/**
 * What the profile's charts read (decision 070): each statement is scoped by the user's id and
 * groups by the learner's calendar day.
 */
export const createHistoryRepository = defineRepository((db) => {
  const perDay = async <Row extends { day: string }>(query: SQL) =>
    (await db.execute<Row>(query)).rows;

  return {
    /** Seconds listened per day since `since` (a session counts on the day it last grew). */
    async listeningSecondsPerDay(userId: string, since: Date, timezoneOffset: number) {
      const rows = await perDay<{ day: string; seconds: string }>(sql`
        select ${localDay(sql`updated_at`, timezoneOffset)} as day, sum(listened_seconds) as seconds
        from listening_sessions
        where user_id = ${userId} and updated_at >= ${since}
        group by 1`);
      return rows.map((row) => ({ day: row.day, seconds: Number(row.seconds) }));
    },

    /** Review answers per day since `since`. */
    async reviewsPerDay(userId: string, since: Date, timezoneOffset: number): Promise<DayCount[]> {
      const rows = await perDay<{ day: string; count: number }>(sql`
        select ${localDay(sql`reviewed_at`, timezoneOffset)} as day, count(*)::int as count
        from review_logs
        where user_id = ${userId} and reviewed_at >= ${since}
        group by 1`);
      return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
    },

    /** Exercise answers per day since `since`, and how many were right. */
    async exercisesPerDay(userId: string, since: Date, timezoneOffset: number) {
      const rows = await perDay<{ day: string; count: number; right: number }>(sql`
        select ${localDay(sql`answered_at`, timezoneOffset)} as day, count(*)::int as count,
          count(*) filter (where correct)::int as right
        from practice_answers
        where user_id = ${userId} and answered_at >= ${since}
        group by 1`);
      return rows.map((row) => ({
        day: row.day,
        count: Number(row.count),
        right: Number(row.right),
      }));
    },

    /** Every day the learner listened, reviewed or practised (for the streak). */
    async activeDays(userId: string, timezoneOffset: number): Promise<string[]> {
      const rows = await perDay<{ day: string }>(sql`
        select ${localDay(sql`updated_at`, timezoneOffset)} as day
          from listening_sessions where user_id = ${userId} and listened_seconds > 0
        union
        select ${localDay(sql`reviewed_at`, timezoneOffset)} from review_logs where user_id = ${userId}
        union
        select ${localDay(sql`answered_at`, timezoneOffset)} from practice_answers
          where user_id = ${userId}`);
      return rows.map((row) => row.day);
    },

    /** Reviewed cards due before `until`, per day; overdue ones count on `today`. */
    async duePerDay(userId: string, now: Date, until: Date, timezoneOffset: number) {
      const rows = await perDay<{ day: string; count: number }>(sql`
        select ${localDay(sql`greatest(due, ${now}::timestamptz)`, timezoneOffset)} as day,
          count(*)::int as count
        from saved_items
        where user_id = ${userId} and due is not null and due < ${until}
        group by 1`);
      return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
    },

    /** The chapters the learner completed, with when (the save that completed them). */
    async completions(userId: string) {
      const rows = await db.execute<{ chapter_id: string; completed_at: Date | string }>(sql`
        select chapter_id, completed_at from user_story_progress
        where user_id = ${userId} and completed and completed_at is not null`);
      return rows.rows.map((row) => ({
        chapterId: row.chapter_id,
        completedAt: new Date(row.completed_at),
      }));
    },
  };
});

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
