/**
 * A story's progress derived from its chapters' saves, and the labels the discover pages show for
 * it (home, library, story page). No zod here: the first load of `/` imports this file.
 */

/** One chapter's progress as the API reports it (absent rows mean "not started"). */

export interface ChapterProgressLike {
  chapterId: string;
  progressPercentage: number;
  completed: boolean;
  lastPositionSeconds: number;
  lastAccessedAt: string | null;
}

/** The spec's derived story progress. */
export interface StoryProgress {
  completedChapters: number;
  totalChapters: number;
  /** Whole percent: the mean of the chapters' progress (a chapter without progress counts 0). */
  overallProgress: number;
  /** The newest access among the story's chapters, or null. */
  lastAccessedAt: string | null;
}

const clampPercent = (value: number): number =>
  Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;

export function deriveStoryProgress(
  chapterIds: readonly string[],
  progressByChapter: ReadonlyMap<string, ChapterProgressLike>,
): StoryProgress {
  let completedChapters = 0;
  let sum = 0;
  let lastAccessedAt: string | null = null;
  for (const id of chapterIds) {
    const progress = progressByChapter.get(id);
    if (!progress) continue;
    if (progress.completed) completedChapters += 1;
    sum += progress.completed ? 100 : clampPercent(progress.progressPercentage);
    if (
      progress.lastAccessedAt !== null &&
      (lastAccessedAt === null || Date.parse(progress.lastAccessedAt) > Date.parse(lastAccessedAt))
    ) {
      lastAccessedAt = progress.lastAccessedAt;
    }
  }
  const totalChapters = chapterIds.length;
  const overallProgress = totalChapters === 0 ? 0 : Math.round(sum / totalChapters);
  return { completedChapters, totalChapters, overallProgress, lastAccessedAt };
}

export type StoryProgressLabel = 'Complete' | 'In Progress' | 'Not Started';

/**
 * Spec: 'Complete' when all chapters are completed; 'In Progress' when some are completed or the
 * progress is above 0; otherwise 'Not Started'. A story without chapters is never complete.
 */
export function storyProgressLabel(
  progress: Pick<StoryProgress, 'completedChapters' | 'totalChapters' | 'overallProgress'>,
): StoryProgressLabel {
  if (progress.totalChapters > 0 && progress.completedChapters >= progress.totalChapters) {
    return 'Complete';
  }
  if (progress.completedChapters > 0 || progress.overallProgress > 0) return 'In Progress';
  return 'Not Started';
}

export type ChapterButtonLabel = 'Replay' | 'Continue' | 'Start' | 'Play';

/**
 * Spec: Replay if completed, Continue if the progress is above 0, otherwise Start (home) or
 * Play (library).
 */
export function chapterButtonLabel(
  progress: Pick<ChapterProgressLike, 'completed' | 'progressPercentage'> | null | undefined,
  place: 'home' | 'library',
): ChapterButtonLabel {
  if (progress?.completed) return 'Replay';
  if (progress && progress.progressPercentage > 0) return 'Continue';
  return place === 'home' ? 'Start' : 'Play';
}

/** Chapters in reading order (the API sends them ordered; this keeps the UI right if it does not). */
export const orderedChapters = <T extends { position: number }>(story: {
  chapters: readonly T[];
}): T[] => [...story.chapters].sort((a, b) => a.position - b.position);

/** A chapter's progress as a whole percent for display (completed chapters show 100). */
export const chapterPercent = (
  progress: Pick<ChapterProgressLike, 'completed' | 'progressPercentage'> | null | undefined,
): number =>
  progress ? (progress.completed ? 100 : Math.round(clampPercent(progress.progressPercentage))) : 0;

/** Indexes progress rows by chapter id. */
export const progressByChapterId = <T extends { chapterId: string }>(
  rows: readonly T[],
): Map<string, T> => new Map(rows.map((row) => [row.chapterId, row]));

/** The Story Details dialog lists the first 4 chapters, then '...and N more chapters'. */
export const STORY_DETAILS_CHAPTER_LIMIT = 4;

export function moreChaptersLabel(
  total: number,
  shown = STORY_DETAILS_CHAPTER_LIMIT,
): string | null {
  const more = total - shown;
  if (more <= 0) return null;
  return `...and ${more} more chapter${more === 1 ? '' : 's'}`;
}
