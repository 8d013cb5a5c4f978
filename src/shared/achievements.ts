/** Achievements a learner can earn, each once (docs/decisions/009-progress-vocabulary-achievements.md). */
export const achievementCatalogue = {
  first_chapter: { title: 'First Steps', description: 'Completed your first chapter.' },
  first_story: { title: 'Story Finisher', description: 'Completed every chapter of a story.' },
  ten_chapters: { title: 'Dedicated Listener', description: 'Completed 10 chapters.' },
  three_stories: { title: 'Bookworm', description: 'Completed 3 stories.' },
  sixty_minutes: { title: 'One Hour of Spanish', description: 'Listened for 60 minutes in total.' },
  five_hundred_words: {
    title: '500 Words',
    description: 'Heard 500 of the most common Spanish words.',
  },
  thousand_words: {
    title: '1,000 Words',
    description: 'Heard 1,000 of the most common Spanish words.',
  },
  every_level: {
    title: 'All Levels',
    description: 'Completed a chapter at Beginner, Intermediate and Advanced level.',
  },
} as const;

export type AchievementKey = keyof typeof achievementCatalogue;

export const describeAchievement = (key: string) =>
  achievementCatalogue[key as AchievementKey] ?? { title: key, description: '' };
