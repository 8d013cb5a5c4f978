/**
 * The contract between the server and the client's server-rendering bundle (built from
 * src/client/entry-server.tsx into dist/ssr/entry-server.js and loaded by the server at start-up):
 * neither side imports the other's source, both import this. It names the pages the server fills
 * in and the keys of the first data it inlines into them.
 */
export interface ServerRenderInput {
  /** Path and query of the page, as the browser asked for it. */
  url: string;
  /**
   * The data inlined into the page's `relatos-data` block (keys below): the render reads exactly
   * what the browser will hydrate with.
   */
  data: Record<string, unknown>;
  /**
   * How long the render may take before it is cut and the browser renders the page itself
   * (default SERVER_RENDER_TIMEOUT_MS, the server's limit). Tests set their own: on a loaded
   * machine the first render of a lazy route can take longer than a server should wait.
   */
  timeoutMs?: number;
}

/** The markup of the app for `url`, to place inside `<div id="root">`; rejects if rendering failed. */
export type ServerRender = (input: ServerRenderInput) => Promise<string>;

export const SERVER_RENDER_TIMEOUT_MS = 2_000;

/**
 * The first data of a page travels in one JSON block (never executed, so the CSP does not apply;
 * the server escapes `<` as `\u003c`):
 *
 *   <script type="application/json" id="relatos-data">{"<key>": <response body>, …}</script>
 */
export const INLINED_DATA_ELEMENT_ID = 'relatos-data';

/** Each key holds the body of one API answer, exactly as the API sends it. */
export const INLINED_KEYS = {
  /** `{ user }` of GET /api/auth/session. */
  session: 'session',
  /** GET /api/site/settings. */
  siteSettings: 'site-settings',
  /** GET /api/stories. */
  stories: 'stories',
} as const;

const STORY_KEY_PREFIX = 'story:';

/** The key of GET /api/stories/by-slug/<slug>. */
export const inlinedStoryKey = (slug: string): string => `${STORY_KEY_PREFIX}${slug}`;

/** The slug an inlined story key names, or undefined for any other key. */
export const slugOfInlinedStoryKey = (key: string): string | undefined =>
  key.startsWith(STORY_KEY_PREFIX) ? key.slice(STORY_KEY_PREFIX.length) : undefined;

const CHAPTER_KEY_PREFIX = 'chapter:';
const TRANSCRIPT_KEY_PREFIX = 'transcript:';
const STORY_ID_KEY_PREFIX = 'story-id:';

/** The key of GET /api/chapters/<id> (`{ chapter }`). */
export const inlinedChapterKey = (chapterId: string): string => `${CHAPTER_KEY_PREFIX}${chapterId}`;

/** The key of GET /api/chapters/<id>/transcript (the transcript itself). */
export const inlinedTranscriptKey = (chapterId: string): string =>
  `${TRANSCRIPT_KEY_PREFIX}${chapterId}`;

/** The key of GET /api/stories/<id> (`{ story }`). */
export const inlinedStoryByIdKey = (storyId: string): string => `${STORY_ID_KEY_PREFIX}${storyId}`;

/** What an inlined key holds, for the keys that name a chapter or a story by id. */
export function parseInlinedKey(
  key: string,
): { kind: 'chapter' | 'transcript' | 'story-id'; id: string } | undefined {
  if (key.startsWith(CHAPTER_KEY_PREFIX))
    return { kind: 'chapter', id: key.slice(CHAPTER_KEY_PREFIX.length) };
  if (key.startsWith(TRANSCRIPT_KEY_PREFIX))
    return { kind: 'transcript', id: key.slice(TRANSCRIPT_KEY_PREFIX.length) };
  if (key.startsWith(STORY_ID_KEY_PREFIX))
    return { kind: 'story-id', id: key.slice(STORY_ID_KEY_PREFIX.length) };
  return undefined;
}

/**
 * A player page's address; its one group is the chapter id. The page is rendered with the
 * chapter, its story and (for a chapter the visitor may open) its transcript inlined; a chapter
 * that needs an account, opened by a visitor, is rendered as the sign-in prompt (decision 037).
 */
export const PLAYER_PAGE_PATH =
  /^\/player\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/;

/** A story page's address; its one group is the slug. */
export const STORY_PAGE_PATH = /^\/story\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/;

/** The pages that show the story list, inlined into their HTML. */
export const STORY_LIST_PAGES: readonly string[] = ['/', '/library'];

/**
 * Pages whose HTML carries the rendered page (the first pages of a visit, and the static ones);
 * story and player pages are rendered too, when their story or chapter exists.
 */
export const SERVER_RENDERED_PAGES: readonly string[] = [
  '/',
  '/library',
  '/help',
  '/contact',
  '/faq',
  '/privacy',
];

/**
 * The lazy route module (src/client/app/routes.tsx) each page a visit may land on renders: the
 * server preloads its chunks with the page rather than after the entry.
 */
export const PAGE_ROUTE_MODULES: readonly (readonly [RegExp, string])[] = [
  [/^\/$/, 'src/client/app/routes/home.tsx'],
  [/^\/library\/?$/, 'src/client/app/routes/library.tsx'],
  [/^\/story\/[^/]+\/?$/, 'src/client/app/routes/story.tsx'],
  [/^\/player\/[^/]+\/?$/, 'src/client/app/routes/player.tsx'],
  [/^\/help\/?$/, 'src/client/app/routes/help.tsx'],
  [/^\/contact\/?$/, 'src/client/app/routes/contact.tsx'],
  [/^\/faq\/?$/, 'src/client/app/routes/faq.tsx'],
  [/^\/privacy\/?$/, 'src/client/app/routes/privacy.tsx'],
];
