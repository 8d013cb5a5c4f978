/**
 * Resized image variants: the sizes the pages ask for and their URLs. The server preloads the
 * largest image of a page with the same URLs, so both sides share this file.
 */

export interface ImageSize {
  /** Width in CSS pixels at 1x. */
  w: number;
  h: number;
  /** WebP quality (spec default 80). */
  q?: number;
}

export const DEFAULT_IMAGE_QUALITY = 80;

/**
 * The shape every page shows a story's cover in (width ÷ height, 4:3): an image of another shape
 * is cut to it around its centre, which the story wizard says when the cover is chosen.
 */
export const COVER_ASPECT = 4 / 3;

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
  /** /player/{id} of a chapter that needs an account, opened by a visitor: the story's cover. */
  playerPromptCover: { w: 320, h: 240 },
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
