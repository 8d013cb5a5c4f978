import { eq, sql } from 'drizzle-orm';
import { defineRepository } from '../../db/repository.ts';
import { listeningSessions } from '../../db/schema.ts';

const s = listeningSessions;

const param = {
  userId: sql.placeholder('userId'),
  sessionId: sql.placeholder('sessionId'),
  chapterId: sql.placeholder('chapterId'),
  listenedSeconds: sql.placeholder('listenedSeconds'),
};

/** Listening sessions (decision 033): every statement is scoped by the user's id. */
export const createListeningRepository = defineRepository((db) => {
  const record = db
    .insert(s)
    .values({
      userId: param.userId,
      sessionId: param.sessionId,
      chapterId: param.chapterId,
      listenedSeconds: param.listenedSeconds,
    })
    .onConflictDoUpdate({
      // The key holds the user: another user's session id can never be reached.
      target: [s.userId, s.sessionId],
      set: {
        listenedSeconds: sql`greatest(${s.listenedSeconds}, excluded.listened_seconds)`,
        updatedAt: sql`now()`,
      },
    })
    .returning({
      listenedSeconds: s.listenedSeconds,
      // Read in the statement's snapshot, before this report: the learner's other sessions, so
      // the total comes with the report in one round trip (the report stays one statement).
      otherSessionsSeconds: sql<string>`(select coalesce(sum(o.listened_seconds), 0)
        from listening_sessions o
        where o.user_id = ${param.userId} and o.session_id <> ${param.sessionId})`,
    })
    .prepare('listening_session_record');

  return {
    /**
     * Keeps the largest total reported for the session; returns the session's stored total and
     * the learner's whole time listened with it.
     */
    async record(userId: string, sessionId: string, chapterId: string, listenedSeconds: number) {
      const [row] = await record.execute({ userId, sessionId, chapterId, listenedSeconds });
      const sessionSeconds = Number(row!.listenedSeconds);
      return { sessionSeconds, totalSeconds: sessionSeconds + Number(row!.otherSessionsSeconds) };
    },

    /** The learner's time actually listened: the one source of Listening Minutes and the hour. */
    async totalSeconds(userId: string) {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${s.listenedSeconds}), 0)` })
        .from(s)
        .where(eq(s.userId, userId));
      return Number(row?.total ?? 0);
    },
  };
});

export type ListeningRepository = ReturnType<typeof createListeningRepository>;
