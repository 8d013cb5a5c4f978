import type { AchievementKey } from '#shared/achievements';
import type { Database } from '../../db/client.ts';
import { userAchievements } from '../../db/schema.ts';

export interface AchievementFacts {
  completedChapters: number;
  completedStories: number;
  completedLevels: number;
  listenedSeconds: number;
  wordsLearned: number;
}

/** Which achievements these facts earn (docs/decisions/009). */
export function earnedAchievements(facts: AchievementFacts): AchievementKey[] {
  const earned: AchievementKey[] = [];
  if (facts.completedChapters >= 1) earned.push('first_chapter');
  if (facts.completedStories >= 1) earned.push('first_story');
  if (facts.completedChapters >= 10) earned.push('ten_chapters');
  if (facts.completedStories >= 3) earned.push('three_stories');
  if (facts.listenedSeconds >= 60 * 60) earned.push('sixty_minutes');
  if (facts.wordsLearned >= 500) earned.push('five_hundred_words');
  if (facts.wordsLearned >= 1000) earned.push('thousand_words');
  if (facts.completedLevels >= 3) earned.push('every_level');
  return earned;
}

/** Awards each achievement once; returns the ones newly earned. */
export async function awardAchievements(db: Database, userId: string, keys: AchievementKey[]) {
  if (keys.length === 0) return [];
  const inserted = await db
    .insert(userAchievements)
    .values(keys.map((key) => ({ userId, key })))
    .onConflictDoNothing()
    .returning({ key: userAchievements.key });
  return inserted.map((row) => row.key);
}
