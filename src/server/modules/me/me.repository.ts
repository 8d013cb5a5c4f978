import { and, eq, sql } from 'drizzle-orm';
import type { Preferences } from '#shared/contracts/me';
import { defineRepository } from '../../db/repository.ts';
import {
  chapters,
  profiles,
  stories,
  userAchievements,
  userMemberships,
  userPreferences,
  userRoles,
  userStoryProgress,
  users,
} from '../../db/schema.ts';
import { chapterIsPublished } from '../stories/stories.repository.ts';

/** A signed-in user's own rows: every method is scoped by their id. */
export const createMeRepository = defineRepository((db) => ({
  async findProfile(userId: string) {
    const [row] = await db
      .select({
        id: profiles.id,
        email: profiles.email,
        fullName: profiles.fullName,
        avatarUrl: profiles.avatarUrl,
        createdAt: profiles.createdAt,
        role: userRoles.role,
      })
      .from(profiles)
      .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
      .where(eq(profiles.id, userId));
    return row;
  },

  async updateFullName(userId: string, fullName: string) {
    await db.update(profiles).set({ fullName }).where(eq(profiles.id, userId));
    await db
      .update(users)
      .set({ name: fullName, updatedAt: new Date() })
      .where(eq(users.id, userId));
  },

  async updateAvatar(userId: string, avatarUrl: string) {
    await db.update(profiles).set({ avatarUrl }).where(eq(profiles.id, userId));
    await db
      .update(users)
      .set({ image: avatarUrl, updatedAt: new Date() })
      .where(eq(users.id, userId));
  },

  async findPreferences(userId: string) {
    const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
    return row;
  },

  async upsertPreferences(userId: string, changes: Partial<Preferences>) {
    const [row] = await db
      .insert(userPreferences)
      .values({ userId, ...changes, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: userPreferences.userId,
        set: { ...changes, updatedAt: new Date() },
      })
      .returning();
    return row!;
  },

  async findMembership(userId: string) {
    const [row] = await db.select().from(userMemberships).where(eq(userMemberships.userId, userId));
    return row;
  },

  /** The profile's numbers from the progress rows (time listened is the listening sessions'). */
  async computeStatistics(userId: string) {
    const [progress] = await db
      .select({
        averageProgress: sql<string>`coalesce(avg(${userStoryProgress.progressPercentage}), 0)`,
      })
      .from(userStoryProgress)
      .where(eq(userStoryProgress.userId, userId));
    const completedStories = await db.execute<{ count: number }>(sql`
    select count(*)::int as count from (
      select ${chapters.storyId}
      from ${chapters}
      join ${stories} on ${stories.id} = ${chapters.storyId}
      left join ${userStoryProgress}
        on ${userStoryProgress.chapterId} = ${chapters.id} and ${userStoryProgress.userId} = ${userId}
      where ${chapterIsPublished}
      group by ${chapters.storyId}
      having bool_and(coalesce(${userStoryProgress.completed}, false))
    ) done`);
    const [achievements] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(userAchievements)
      .where(and(eq(userAchievements.userId, userId)));
    return {
      storiesCompleted: Number(completedStories.rows[0]?.count ?? 0),
      achievementsCount: achievements?.count ?? 0,
      averageProgress: Math.round(Number(progress?.averageProgress ?? 0)),
    };
  },
}));

export type MeRepository = ReturnType<typeof createMeRepository>;
