import { defineRepository } from '../../db/repository.ts';
import { chapters, profiles, stories, userStoryProgress } from '../../db/schema.ts';

/**
 * Reads one row of each table the safety checks cover: enough to prove the table exists, has the
 * columns the app selects, and can be read by the app's database role. Nothing is written.
 */
export const createAdminMigrationsRepository = defineRepository((db) => ({
  async readOneProfile(): Promise<void> {
    await db.select({ id: profiles.id }).from(profiles).limit(1);
  },
  async readOneProgress(): Promise<void> {
    await db.select({ id: userStoryProgress.id }).from(userStoryProgress).limit(1);
  },
  async readOneStoryAndChapter(): Promise<void> {
    await Promise.all([
      db.select({ id: stories.id }).from(stories).limit(1),
      db.select({ id: chapters.id }).from(chapters).limit(1),
    ]);
  },
}));

export type AdminMigrationsRepository = ReturnType<typeof createAdminMigrationsRepository>;
