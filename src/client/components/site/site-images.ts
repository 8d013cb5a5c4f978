import type { SiteImageKey } from '#shared/contracts/site';

/**
 * The illustrations shipped with the app (public/images), shown for every site image an
 * administrator has not set, and whenever a set image fails to load. All are 4:3 SVGs.
 */
export const defaultSiteImages: Record<SiteImageKey, string> = {
  featured_story_image: '/images/featured-story.svg',
  feature_library: '/images/feature-library.svg',
  feature_spanish: '/images/feature-spanish.svg',
  feature_audio: '/images/feature-audio.svg',
  feature_progress: '/images/feature-progress.svg',
  tutorial_step_1: '/images/tutorial-step-1.svg',
  tutorial_step_2: '/images/tutorial-step-2.svg',
  tutorial_step_3: '/images/tutorial-step-3.svg',
  tutorial_step_4: '/images/tutorial-step-4.svg',
};

/**
 * The addresses to try for a site image, best first: the administrator's image, then any
 * page-specific fallback (a story cover), then the shipped default. Duplicates are dropped.
 */
export function siteImageCandidates(
  key: SiteImageKey,
  images: Readonly<Record<string, string>> | undefined,
  fallback?: string | null,
): string[] {
  const candidates = [images?.[key], fallback ?? undefined, defaultSiteImages[key]].filter(
    (url): url is string => typeof url === 'string' && url.trim() !== '',
  );
  return [...new Set(candidates)];
}
