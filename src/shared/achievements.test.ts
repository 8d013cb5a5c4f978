import { describe, expect, it } from 'vitest';
import {
  describeAchievement,
  earnedAchievements,
  earnedByTimeListened,
  type AchievementFacts,
} from './achievements.ts';

const none: AchievementFacts = {
  completedChapters: 0,
  completedStories: 0,
  completedLevels: 0,
  listenedSeconds: 0,
  wordsLearned: 0,
};

describe('earnedAchievements', () => {
  it('earns nothing before the first completed chapter', () => {
    expect(earnedAchievements(none)).toEqual([]);
  });

  it('earns each achievement at its threshold, not below it', () => {
    const cases: [Partial<AchievementFacts>, Partial<AchievementFacts>, string][] = [
      [{ completedChapters: 1 }, { completedChapters: 0 }, 'first_chapter'],
      [{ completedStories: 1 }, { completedStories: 0 }, 'first_story'],
      [{ completedChapters: 10 }, { completedChapters: 9 }, 'ten_chapters'],
      [{ completedStories: 3 }, { completedStories: 2 }, 'three_stories'],
      [{ listenedSeconds: 3600 }, { listenedSeconds: 3599 }, 'sixty_minutes'],
      [{ wordsLearned: 500 }, { wordsLearned: 499 }, 'five_hundred_words'],
      [{ wordsLearned: 1000 }, { wordsLearned: 999 }, 'thousand_words'],
      [{ completedLevels: 3 }, { completedLevels: 2 }, 'every_level'],
    ];
    for (const [at, below, key] of cases) {
      expect(earnedAchievements({ ...none, ...at })).toContain(key);
      expect(earnedAchievements({ ...none, ...below })).not.toContain(key);
    }
  });
});

describe('earnedByTimeListened', () => {
  it('earns the hour from time listened alone, and nothing that needs a completion', () => {
    expect(earnedByTimeListened(3599.999)).toEqual([]);
    expect(earnedByTimeListened(3600)).toEqual(['sixty_minutes']);
    expect(earnedByTimeListened(100 * 3600)).toEqual(['sixty_minutes']);
  });
});

describe('describeAchievement', () => {
  it("gives an achievement's title and description, and an unknown key as itself", () => {
    expect(describeAchievement('first_chapter')).toEqual({
      title: 'First Steps',
      description: 'Completed your first chapter.',
    });
    expect(describeAchievement('retired_badge')).toEqual({
      title: 'retired_badge',
      description: '',
    });
  });
});
