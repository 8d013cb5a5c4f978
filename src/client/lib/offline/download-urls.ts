import { IMAGE_SIZES, imageSrcSet, imageUrl, type ImageSize } from '#shared/discover/images';
import { SAVED_ITEMS_PAGE_MAX, savedItemRoutes } from '#shared/contracts/saved-items-routes';

/** What a chapter download needs to know of the chapter and its story. */
export interface DownloadableChapter {
  id: string;
  hasAudio: boolean;
  hasTranscript: boolean;
  story: { id: string; slug: string; imageUrl: string | null };
}

/**
 * Every GET the app makes to show a chapter, under the exact URL it asks for (path and query):
 * the service worker answers those requests from the caches when the network cannot.
 */
export interface ChapterDownloadUrls {
  /** Into DOWNLOADS_CACHE, this chapter's own: the chapter, its transcript and its audio. */
  chapter: string[];
  /**
   * Into DOWNLOADS_CACHE, shared by every downloaded chapter of the story: the story (by id for
   * the player, by slug for the story page), the story list (library) and the cover as the
   * player (media session artwork), the story page, the library and home ask for it.
   */
  story: string[];
  /**
   * Into API_CACHE (personal, emptied on sign-out), for a signed-in learner only: the chapter's
   * vocabulary, bookmarks, progress and saved items, the player preferences and the session.
   */
  personal: string[];
  /**
   * Into PAGES_CACHE (personal), for everyone: the player's page as the server renders it for
   * this viewer, so the chapter opens offline server-rendered even if never opened under the
   * service worker (else it gets the app shell, slower to start).
   */
  page: string;
}

const encode = encodeURIComponent;

/** The player's page of a chapter: the key of its copy in PAGES_CACHE. */
export const chapterPagePath = (chapterId: string): string => `/player/${encode(chapterId)}`;

/** Our own paths only: an external cover is not ours to store. */
const sameOrigin = (url: string) => url.startsWith('/') && !url.startsWith('//');

/** The cover at a size, 1x and 2x, as `<img src srcset>` asks for it. */
function coverVariants(url: string, size: ImageSize): string[] {
  const set = imageSrcSet(url, size);
  const variants = [imageUrl(url, size)];
  if (set) for (const entry of set.split(', ')) variants.push(entry.split(' ')[0]!);
  return variants;
}

/**
 * The one list of what a chapter download stores (decision 040). The same builders as the pages
 * use (a unit test checks each against the fetcher that requests it).
 */
export function chapterDownloadUrls(
  chapter: DownloadableChapter,
  { signedIn }: { signedIn: boolean },
): ChapterDownloadUrls {
  const chapterPath = `/api/chapters/${encode(chapter.id)}`;
  const own = [chapterPath];
  if (chapter.hasTranscript) own.push(`${chapterPath}/transcript`);
  if (chapter.hasAudio) own.push(`${chapterPath}/audio`);

  const { story } = chapter;
  const shared = [
    `/api/stories/${encode(story.id)}`,
    `/api/stories/by-slug/${encode(story.slug)}`,
    '/api/stories',
  ];
  const cover = story.imageUrl;
  if (cover && sameOrigin(cover)) {
    shared.push(cover);
    // Story page and home's featured story (560×420), library and home's recent covers (400×300).
    for (const size of [IMAGE_SIZES.storyPageCover, IMAGE_SIZES.libraryCover]) {
      shared.push(...coverVariants(cover, size).filter(sameOrigin));
    }
  }

  const personal = signedIn
    ? [
        `${chapterPath}/vocabulary`,
        `/api/bookmarks?chapterId=${encode(chapter.id)}`,
        `/api/progress?chapterIds=${encode(chapter.id)}`,
        `${savedItemRoutes.list}?${new URLSearchParams({
          chapterId: chapter.id,
          limit: String(SAVED_ITEMS_PAGE_MAX),
        }).toString()}`,
        '/api/me/preferences',
        // Who is signed in: a page opened offline from the app shell (never visited under the
        // worker) knows the learner only from this answer (decision 042).
        '/api/auth/session',
      ]
    : [];

  return { chapter: own, story: [...new Set(shared)], personal, page: chapterPagePath(chapter.id) };
}
