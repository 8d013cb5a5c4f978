/**
 * The library's search and level filter (spec: case-insensitive over title, language, level and
 * description). Pure, shared by the client and its tests.
 */

/** The fields of a story these rules read (the API's `Story` satisfies it). */

export interface SearchableStory {
  title: string;
  language: string;
  level: string;
  description: string | null;
}

export const levelFilters = ['all', 'beginner', 'intermediate', 'advanced'] as const;
export type LevelFilter = (typeof levelFilters)[number];

export const isLevelFilter = (value: unknown): value is LevelFilter =>
  typeof value === 'string' && (levelFilters as readonly string[]).includes(value);

/** Spec: case-insensitive match over title, language, level and description; blank matches all. */
export function matchesSearch(story: SearchableStory, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return [story.title, story.language, story.level, story.description ?? ''].some((field) =>
    field.toLocaleLowerCase().includes(needle),
  );
}

export function matchesLevel(story: Pick<SearchableStory, 'level'>, filter: LevelFilter): boolean {
  return filter === 'all' || story.level.toLowerCase() === filter;
}

export function filterStories<T extends SearchableStory>(
  stories: readonly T[],
  { query, level }: { query: string; level: LevelFilter },
): T[] {
  return stories.filter((story) => matchesLevel(story, level) && matchesSearch(story, query));
}
