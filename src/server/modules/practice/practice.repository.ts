import { and, eq, inArray } from 'drizzle-orm';
import { defineRepository } from '../../db/repository.ts';
import { practiceAnswers } from '../../db/schema.ts';

export type PracticeAnswerInsert = typeof practiceAnswers.$inferInsert;

/** Exercise answers (decision 066): every query is scoped by user id. */
export const createPracticeRepository = defineRepository((db) => ({
  /** Which of these answer ids this user's answers already hold, each with the card it made. */
  async knownAnswers(userId: string, answerIds: string[]): Promise<Map<string, string | null>> {
    if (answerIds.length === 0) return new Map();
    const rows = await db
      .select({ answerId: practiceAnswers.answerId, cardId: practiceAnswers.cardId })
      .from(practiceAnswers)
      .where(and(eq(practiceAnswers.userId, userId), inArray(practiceAnswers.answerId, answerIds)));
    return new Map(rows.map((row) => [row.answerId, row.cardId]));
  },

  /**
   * Records the answers; returns the ids recorded now (an id already recorded, by a retry sent at
   * the same time, is left as it was).
   */
  async record(answers: PracticeAnswerInsert[]): Promise<Set<string>> {
    if (answers.length === 0) return new Set();
    const rows = await db
      .insert(practiceAnswers)
      .values(answers)
      .onConflictDoNothing()
      .returning({ answerId: practiceAnswers.answerId });
    return new Set(rows.map((row) => row.answerId));
  },
}));

export type PracticeRepository = ReturnType<typeof createPracticeRepository>;
