import type { Chapter, Story } from '#shared/contracts/stories';

/** Chapters in reading order (the API sends them ordered; this keeps the UI right if it does not). */
export const orderedChapters = (story: Pick<Story, 'chapters'>): Chapter[] =>
  [...story.chapters].sort((a, b) => a.position - b.position);

/** Sum of the known chapter durations in seconds; null when no chapter has a duration yet. */
export function totalDurationSeconds(
  chapters: ReadonlyArray<Pick<Chapter, 'duration'>>,
): number | null {
  const known = chapters.filter((chapter) => chapter.duration !== null);
  if (known.length === 0) return null;
  return known.reduce((sum, chapter) => sum + (chapter.duration ?? 0), 0);
}

export const chapterCountLabel = (count: number): string =>
  count === 1 ? '1 chapter' : `${count} chapters`;
