/**
 * Pure rules of the discovery pages (home, library, story page), shared by the client and the
 * server (which renders the same meta tags and preloads the same image URLs). No zod here: the
 * client's first load imports this file.
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

// ---------------------------------------------------------------------------------------------
// Progress

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

// ---------------------------------------------------------------------------------------------
// Images

export interface ImageSize {
  /** Width in CSS pixels at 1x. */
  w: number;
  h: number;
  /** WebP quality (spec default 80). */
  q?: number;
}

export const DEFAULT_IMAGE_QUALITY = 80;

/**
 * The 1x sizes the pages ask for (2x variants double them). The server preloads the largest
 * image of a page with the same URLs: `imageUrl(url, size)` and `imageSrcSet(url, size)`.
 */
export const IMAGE_SIZES = {
  /** /story/{slug}: the cover, the page's largest image. */
  storyPageCover: { w: 560, h: 420 },
  /** /library: each story card's cover (the first one is the largest image above the fold). */
  libraryCover: { w: 400, h: 300 },
  /** /: the featured story's image, and the covers of 'Continue Where You Left Off'. */
  featuredStory: { w: 560, h: 420 },
  recentCover: { w: 400, h: 300 },
  featureCard: { w: 320, h: 240 },
  tutorialStep: { w: 480, h: 360 },
} as const satisfies Record<string, ImageSize>;
const RESIZE_LIMIT = 2400;
const FILES_PREFIX = '/api/files/';

/**
 * The resized WebP variant of a stored public image: `/api/files/<bucket>/<key>` becomes
 * `/api/images/<bucket>/<key>?w=&h=&q=`. Any other URL (shipped defaults, external images) is
 * returned unchanged.
 */
export function imageUrl(url: string, { w, h, q = DEFAULT_IMAGE_QUALITY }: ImageSize): string {
  if (!url.startsWith(FILES_PREFIX)) return url;
  const rest = url.slice(FILES_PREFIX.length).split(/[?#]/)[0] ?? '';
  if (rest === '' || !rest.includes('/')) return url;
  const clamp = (value: number) => Math.min(RESIZE_LIMIT, Math.max(16, Math.round(value)));
  return `/api/images/${rest}?w=${clamp(w)}&h=${clamp(h)}&q=${q}`;
}

/** `srcset` with the 1x and 2x variants, or undefined for images the server does not resize. */
export function imageSrcSet(url: string, size: ImageSize): string | undefined {
  if (!url.startsWith(FILES_PREFIX)) return undefined;
  const one = imageUrl(url, size);
  const two = imageUrl(url, { ...size, w: size.w * 2, h: size.h * 2 });
  return one === two ? undefined : `${one} 1x, ${two} 2x`;
}

// ---------------------------------------------------------------------------------------------
// Story page meta tags (the server writes the same values into the HTML it sends)

export const SITE_NAME = 'Relatos';
/** The site-wide description (index.html), used when a story has none. */
export const DEFAULT_DESCRIPTION =
  'Relatos helps English speakers learn Spanish by listening to stories built from the most ' +
  'common Spanish words, with a transcript and translation to read along.';

export interface StoryMeta {
  title: string;
  description: string;
  canonical: string;
  /** Absolute URL of the cover, or null when the story has none. */
  image: string | null;
}

const absolute = (origin: string, path: string): string => {
  try {
    return new URL(path, origin).href;
  } catch {
    return path;
  }
};

/** Title, description, canonical address and social image of /story/{slug}. */
export function storyMeta(
  story: { title: string; slug: string; description: string | null; imageUrl: string | null },
  publicOrigin: string,
): StoryMeta {
  const origin = publicOrigin.replace(/\/+$/, '');
  const description = story.description?.trim() ? story.description.trim() : DEFAULT_DESCRIPTION;
  return {
    title: `${story.title} — ${SITE_NAME}`,
    description,
    canonical: `${origin}/story/${encodeURIComponent(story.slug)}`,
    image: story.imageUrl ? absolute(`${origin}/`, story.imageUrl) : null,
  };
}

/** One tag of the story page's <head>, identified by its name, property or rel. */
export interface HeadTag {
  element: 'meta' | 'link';
  attributes: Record<string, string>;
}

/**
 * Every head tag of /story/{slug}, in order: description, canonical link, Open Graph and Twitter
 * card. The server writes them into the HTML; the client applies the same list after client-side
 * navigation.
 */
export function storyHeadTags(meta: StoryMeta): HeadTag[] {
  const named = (name: string, content: string): HeadTag => ({
    element: 'meta',
    attributes: { name, content },
  });
  const property = (key: string, content: string): HeadTag => ({
    element: 'meta',
    attributes: { property: key, content },
  });
  return [
    named('description', meta.description),
    { element: 'link', attributes: { rel: 'canonical', href: meta.canonical } },
    property('og:type', 'article'),
    property('og:site_name', SITE_NAME),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', meta.canonical),
    ...(meta.image ? [property('og:image', meta.image)] : []),
    named('twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    ...(meta.image ? [named('twitter:image', meta.image)] : []),
  ];
}
