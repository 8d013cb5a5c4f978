import type { Chapter } from '#shared/contracts/stories';

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
