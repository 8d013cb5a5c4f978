import { eq, sql } from 'drizzle-orm';
import { defineRepository } from '../../db/repository.ts';
import { listeningSessions } from '../../db/schema.ts';

const s = listeningSessions;

/** Listening sessions (decision 033): every statement is scoped by the user's id. */
export const createListeningRepository = defineRepository((db) => {
  const record = db
    .insert(s)
    .values({
      userId: sql.placeholder('userId'),
      sessionId: sql.placeholder('sessionId'),
      chapterId: sql.placeholder('chapterId'),
      listenedSeconds: sql.placeholder('listenedSeconds'),
    })
    .onConflictDoUpdate({
      // The key holds the user: another user's session id can never be reached.
      target: [s.userId, s.sessionId],
      set: {
        listenedSeconds: sql`greatest(${s.listenedSeconds}, excluded.listened_seconds)`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ listenedSeconds: s.listenedSeconds })
    .prepare('listening_session_record');

  return {
    /** Keeps the largest total reported for the session; returns the stored total. */
    async record(userId: string, sessionId: string, chapterId: string, listenedSeconds: number) {
      const [row] = await record.execute({ userId, sessionId, chapterId, listenedSeconds });
      return Number(row!.listenedSeconds);
    },

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
