import { desc, eq } from 'drizzle-orm';
import type { AchievementKey } from '#shared/achievements';
import { defineRepository } from '../../db/repository.ts';
import { userAchievements } from '../../db/schema.ts';

export const createAchievementsRepository = defineRepository((db) => ({
  /** Awards each achievement once; returns the ones newly earned. */
  async award(userId: string, keys: AchievementKey[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const inserted = await db
      .insert(userAchievements)
      .values(keys.map((key) => ({ userId, key })))
      .onConflictDoNothing()
      .returning({ key: userAchievements.key });
    return inserted.map((row) => row.key);
  },

  /** A learner's achievements, newest first. */
  listForUser(userId: string) {
    return db
      .select({ key: userAchievements.key, earnedAt: userAchievements.earnedAt })
      .from(userAchievements)
      .where(eq(userAchievements.userId, userId))
      .orderBy(desc(userAchievements.earnedAt));
  },
}));

export type AchievementsRepository = ReturnType<typeof createAchievementsRepository>;
