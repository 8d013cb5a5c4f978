import type { StoryLevel, StoryStatus } from '#shared/contracts/stories';

/** What the dashboard needs of a story (AdminStory has it all). */
export interface DashboardStory {
  title: string;
  description: string | null;
  level: StoryLevel;
  status: StoryStatus;
  position: number;
  complete: boolean;
}

export type LevelFilter = 'all' | StoryLevel;
export type StatusFilter = 'all' | StoryStatus;

export const levelFilterOptions: ReadonlyArray<{ value: LevelFilter; label: string }> = [
  { value: 'all', label: 'All Levels' },
  { value: 'Beginner', label: 'Beginner' },
  { value: 'Intermediate', label: 'Intermediate' },
  { value: 'Advanced', label: 'Advanced' },
];

export const statusFilterOptions: ReadonlyArray<{ value: StatusFilter; label: string }> = [
  { value: 'all', label: 'All Status' },
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
];

export interface DashboardFilters {
  search: string;
  level: LevelFilter;
  status: StatusFilter;
}

export const noFilters: DashboardFilters = { search: '', level: 'all', status: 'all' };

export const hasActiveFilters = (filters: DashboardFilters) =>
  filters.search.trim() !== '' || filters.level !== 'all' || filters.status !== 'all';

/** Spec: search over title and description (case-insensitive), level and status filters. */
export function filterDashboardStories<T extends DashboardStory>(
  stories: readonly T[],
  { search, level, status }: DashboardFilters,
): T[] {
  const needle = search.trim().toLocaleLowerCase();
  return stories.filter(
    (story) =>
      (level === 'all' || story.level === level) &&
      (status === 'all' || story.status === status) &&
      (needle === '' ||
        story.title.toLocaleLowerCase().includes(needle) ||
        (story.description ?? '').toLocaleLowerCase().includes(needle)),
  );
}

export interface DashboardCounters {
  total: number;
  published: number;
  drafts: number;
  /** The server's `complete` (isStoryComplete: a cover, chapters, each with audio and transcript). */
  complete: number;
}

export function dashboardCounters(stories: readonly DashboardStory[]): DashboardCounters {
  let published = 0;
  let complete = 0;
  for (const story of stories) {
    if (story.status === 'published') published++;
    if (story.complete) complete++;
  }
  return { total: stories.length, published, drafts: stories.length - published, complete };
}

/** The highest position in the library: its story cannot move down. */
export const lastPosition = (stories: readonly DashboardStory[]) =>
  stories.reduce((max, story) => Math.max(max, story.position), 0);
