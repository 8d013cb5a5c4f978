/** What a learner's achievements are decided from (progress.repository.ts reads them). */
export interface AchievementFacts {
  completedChapters: number;
  completedStories: number;
  completedLevels: number;
  /**
   * Time actually listened, as the profile's Listening Minutes count it (decision 033): the sum
   * of the learner's listening sessions, never the positions reached.
   */
  listenedSeconds: number;
  wordsLearned: number;
}

/** The time listened that earns "One Hour of Spanish". */
export const ONE_HOUR_LISTENED_SECONDS = 60 * 60;

interface AchievementRule {
  title: string;
  description: string;
  earnedBy(facts: AchievementFacts): boolean;
}

/**
 * Achievements a learner can earn, each once, with the rule that earns it
 * (docs/decisions/009-progress-vocabulary-achievements.md).
 */
const achievementRules = {
  first_chapter: {
    title: 'First Steps',
    description: 'Completed your first chapter.',
    earnedBy: (facts) => facts.completedChapters >= 1,
  },
  first_story: {
    title: 'Story Finisher',
    description: 'Completed every chapter of a story.',
    earnedBy: (facts) => facts.completedStories >= 1,
  },
  ten_chapters: {
    title: 'Dedicated Listener',
    description: 'Completed 10 chapters.',
    earnedBy: (facts) => facts.completedChapters >= 10,
  },
  three_stories: {
    title: 'Bookworm',
    description: 'Completed 3 stories.',
    earnedBy: (facts) => facts.completedStories >= 3,
  },
  sixty_minutes: {
    title: 'One Hour of Spanish',
    description: 'Listened for 60 minutes in total.',
    earnedBy: (facts) => facts.listenedSeconds >= ONE_HOUR_LISTENED_SECONDS,
  },
  five_hundred_words: {
    title: '500 Words',
    description: 'Heard 500 of the most common Spanish words.',
    earnedBy: (facts) => facts.wordsLearned >= 500,
  },
  thousand_words: {
    title: '1,000 Words',
    description: 'Heard 1,000 of the most common Spanish words.',
    earnedBy: (facts) => facts.wordsLearned >= 1000,
  },
  every_level: {
    title: 'All Levels',
    description: 'Completed a chapter at Beginner, Intermediate and Advanced level.',
    earnedBy: (facts) => facts.completedLevels >= 3,
  },
} satisfies Record<string, AchievementRule>;

export type AchievementKey = keyof typeof achievementRules;

const achievementKeys = Object.keys(achievementRules) as AchievementKey[];

/** Every achievement these facts earn, in catalogue order. */
export const earnedAchievements = (facts: AchievementFacts): AchievementKey[] =>
  achievementKeys.filter((key) => achievementRules[key].earnedBy(facts));

/**
 * The achievements time listened earns by itself (a learner who has completed nothing yet): what
 * a listening report can award between two completed chapters.
 */
export const earnedByTimeListened = (listenedSeconds: number): AchievementKey[] =>
  earnedAchievements({
    completedChapters: 0,
    completedStories: 0,
    completedLevels: 0,
    wordsLearned: 0,
    listenedSeconds,
  });

/** An achievement's title and description (an unknown key shows as itself). */
export function describeAchievement(key: string): { title: string; description: string } {
  const rule = achievementRules[key as AchievementKey] as AchievementRule | undefined;
  return rule
    ? { title: rule.title, description: rule.description }
    : { title: key, description: '' };
}
