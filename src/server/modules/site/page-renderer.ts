import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { CurrentUser } from '#shared/contracts/auth';
import { IMAGE_SIZES, imageSrcSet, imageUrl } from '#shared/discover/images';
import {
  siteDescription,
  storyHeadTags,
  storyMeta,
  type HeadTag,
} from '#shared/discover/story-meta';
import { isKnownPagePath, NOT_FOUND_PAGE_TITLE } from '#shared/page-routes';
import type { SiteSettings } from '#shared/contracts/site';
import { transcriptSchema } from '#shared/transcript';
import {
  INLINED_DATA_ELEMENT_ID,
  INLINED_KEYS,
  inlinedChapterKey,
  inlinedStoryByIdKey,
  inlinedStoryKey,
  inlinedTranscriptKey,
  PLAYER_PAGE_PATH,
  SERVER_RENDERED_PAGES,
  STORY_LIST_PAGES,
  STORY_PAGE_PATH,
  type ServerRender,
} from '#shared/server-render';
import {
  documentTitle,
  noScriptNotice,
  SITE_TAGLINE,
  siteIdentity,
  type SiteIdentity,
} from '#shared/site-identity';
import type { Services } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import type { RenderedPage } from '../../lib/http/client-app.ts';
import { renderHead, type PageHead, type PreloadImage } from '../../lib/http/page-head.ts';
import { requestMeta } from '../../lib/http/request-meta.ts';
import { isAdmin, type Viewer } from '../../lib/viewer.ts';
import { hasSessionCookie } from '../auth/auth-instance.ts';
import { toChapterWithStory, toStory } from '../stories/stories.mapper.ts';

/** The page's data as JSON that cannot close the script element it goes into. */
const dataJson = (data: Record<string, unknown>) => JSON.stringify(data).replace(/</g, '\\u003c');

/** A JSON block the client reads before asking the API (src/client/lib/inlined-data.ts). */
const inlinedData = (json: string) =>
  `<script type="application/json" id="${INLINED_DATA_ELEMENT_ID}">${json}</script>`;

/** Whether the address asks for a preview (`?preview=1`, as the API's previewQuerySchema reads it). */
const asksForPreview = (url: string) =>
  new URLSearchParams(url.split('?')[1] ?? '').get('preview') === '1';

/** Rendered pages kept per instance (visitors' pages only: they are the same for everyone). */
const RENDER_CACHE_ENTRIES = 200;

const preloadFor = (url: string, size: { w: number; h: number }): PreloadImage => ({
  href: imageUrl(url, size),
  srcset: imageSrcSet(url, size),
});

/**
 * The HTML of every page: the session it is served to and the data it needs inlined (so it
 * renders without waiting for the API), its largest image preloaded, for a story page its title,
 * description, canonical address and social-card tags (link previews work without JavaScript),
 * and for the pages a visit lands on the rendered page itself, which the browser hydrates.
 */
export function createPageRenderer(deps: {
  services: Pick<Services, 'stories' | 'site' | 'auth'>;
  publicUrl: string;
  /** The client's server-rendering bundle; without it the browser renders every page. */
  serverRender: ServerRender | undefined;
  log: FastifyBaseLogger;
}) {
  const { services, publicUrl, serverRender, log } = deps;
  const { stories, site, auth } = services;

  /**
   * What every page's head says about the site (the platform settings): its title until the
   * page sets its own, the description, and the notice for browsers without JavaScript.
   */
  function siteHead(site: SiteIdentity): PageHead {
    const description: HeadTag = {
      element: 'meta',
      attributes: { name: 'description', content: siteDescription(site) },
    };
    return {
      title: documentTitle(site.name, SITE_TAGLINE),
      tags: [description],
      noscript: noScriptNotice(site.name),
    };
  }

  /**
   * The page's own head and data, beyond the session; undefined status means 200. Every page
   * carries the site settings, so what it renders (the header's name and logo) is right at once.
   */
  async function pageContent(
    pathName: string,
    viewer: Viewer,
    preview: boolean,
  ): Promise<{ head: PageHead; data: Record<string, unknown>; status?: number; render: boolean }> {
    const settings: SiteSettings | undefined = await site.getSettings().catch(() => undefined);
    const identity = siteIdentity(settings?.values);
    const head = siteHead(identity);
    const withSettings = { [INLINED_KEYS.siteSettings]: settings };
    // An address no client route shows: the not-found page, rendered, with the status it means.
    if (!isKnownPagePath(pathName)) {
      const title = documentTitle(identity.name, NOT_FOUND_PAGE_TITLE);
      return { head: { ...head, title }, data: withSettings, status: 404, render: true };
    }
    const playerMatch = PLAYER_PAGE_PATH.exec(pathName);
    // A preview is never inlined (below); on the player any `?preview=1` is left to the browser.
    if (playerMatch) {
      if (preview) return { head, data: withSettings, render: false };
      const player = await playerContent(playerMatch[1]!, viewer, identity);
      return player
        ? {
            head: { ...head, ...player.head },
            data: { ...withSettings, ...player.data },
            render: true,
          }
        : { head, data: withSettings, status: 404, render: false };
    }
    const storyMatch = STORY_PAGE_PATH.exec(pathName);
    if (!storyMatch && !STORY_LIST_PAGES.includes(pathName))
      return { head, data: withSettings, render: SERVER_RENDERED_PAGES.includes(pathName) };
    // An administrator's preview (decision 021) is neither inlined nor rendered here, so no
    // working copy ever sits in a page or the render cache: the browser asks the API for it.
    if (preview && isAdmin(viewer)) {
      return { head, data: withSettings, render: false };
    }

    if (!storyMatch) {
      const list = (await stories.listStories(viewer)).stories.map(toStory);
      const firstCover = list[0]?.imageUrl;
      return {
        head: {
          ...head,
          preloadImages:
            firstCover && pathName === '/library'
              ? [preloadFor(firstCover, IMAGE_SIZES.libraryCover)]
              : [],
        },
        data: { ...withSettings, [INLINED_KEYS.stories]: { stories: list } },
        render: true,
      };
    }

    const slug = storyMatch[1]!;
    try {
      const { story } = await stories.getStoryBySlug(viewer, slug);
      const meta = storyMeta(story, publicUrl, identity);
      return {
        head: {
          ...head,
          title: meta.title,
          tags: storyHeadTags(meta),
          preloadImages: story.imageUrl
            ? [preloadFor(story.imageUrl, IMAGE_SIZES.storyPageCover)]
            : [],
        },
        data: { ...withSettings, [inlinedStoryKey(slug)]: { story: toStory(story) } },
        render: true,
      };
    } catch (error) {
      // Unknown slug: the browser shows the spec's toast and moves on to /library.
      if (error instanceof AppError && error.code === 'NOT_FOUND')
        return { head, data: withSettings, status: 404, render: false };
      throw error;
    }
  }

  /**
   * A player page (decision 037): the chapter with its story summary, the whole story (the series
   * navigator) and, when this viewer may listen, the transcript, each as its API answers it, so
   * the page renders with its words and hydrates without asking again. A chapter that needs an
   * account, for a visitor, carries no transcript: it renders as the sign-in prompt, and the
   * media routes still refuse. Undefined when the chapter does not exist for this viewer.
   */
  async function playerContent(
    chapterId: string,
    viewer: Viewer,
    identity: SiteIdentity,
  ): Promise<{ head: Partial<PageHead>; data: Record<string, unknown> } | undefined> {
    let found;
    try {
      found = await stories.getChapter(viewer, chapterId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
      throw error;
    }
    const { chapter, story: summary } = found;
    const { story } = await stories.getStory(viewer, summary.id);
    const data: Record<string, unknown> = {
      [inlinedChapterKey(chapterId)]: {
        chapter: toChapterWithStory(chapter, summary),
      },
      [inlinedStoryByIdKey(story.id)]: { story: toStory(story) },
    };
    const mayListen = !summary.requiresLogin || viewer.userId !== null;
    if (mayListen && chapter.transcriptFileId !== '') {
      try {
        const { transcript } = await stories.getTranscript(viewer, chapterId);
        // What the API sends: the transcript through its response schema.
        data[inlinedTranscriptKey(chapterId)] = transcriptSchema.parse(transcript);
      } catch (error) {
        // No transcript (or an unreadable one): the browser asks and shows what the API says.
        log.warn({ err: error, chapterId }, 'page: transcript not inlined');
      }
    }
    const cover = summary.imageUrl;
    return {
      head: {
        title: documentTitle(identity.name, `${chapter.title} — ${summary.title}`),
        // The prompt shows the cover; the player itself shows none.
        preloadImages:
          !mayListen && cover ? [preloadFor(cover, IMAGE_SIZES.playerPromptCover)] : [],
      },
      data,
    };
  }

  async function readSession(request: FastifyRequest) {
    if (!hasSessionCookie(request.headers.cookie)) return { user: null, setCookies: [] };
    try {
      const { result, setCookies } = await auth.getSession(requestMeta(request));
      return { user: result.user, setCookies };
    } catch (error) {
      // The browser checks the session itself when the page does not say.
      log.warn({ err: error }, 'page: session check failed');
      return { user: undefined, setCookies: [] };
    }
  }

  /**
   * A render is a pure function of the address and the inlined data, so it is memoised on exactly
   * those (never stale: new data is a new key). Only visitors' pages are kept, and only the most
   * recent RENDER_CACHE_ENTRIES: a signed-in user's page names them.
   */
  const rendered = new Map<string, string>();

  async function renderRoot(
    url: string,
    data: Record<string, unknown>,
    json: string,
    keep: boolean,
  ) {
    if (!serverRender) return undefined;
    const session = data[INLINED_KEYS.session] as { user: unknown } | undefined;
    const key =
      keep && session?.user === null
        ? createHash('sha256').update(url).update('\0').update(json).digest('base64')
        : undefined;
    const kept = key === undefined ? undefined : rendered.get(key);
    if (kept !== undefined) return kept;
    try {
      const html = await serverRender({ url, data });
      if (key !== undefined) {
        if (rendered.size >= RENDER_CACHE_ENTRIES) rendered.delete(rendered.keys().next().value!);
        rendered.set(key, html);
      }
      return html;
    } catch (error) {
      log.error({ err: error, url }, 'page: server rendering failed; the browser renders it');
      return undefined;
    }
  }

  return async (request: FastifyRequest, indexHtml: string): Promise<RenderedPage> => {
    const url = request.url;
    const pathName = url.split('?')[0] ?? '/';
    const session = await readSession(request);
    const user: CurrentUser | null | undefined = session.user;
    const viewer: Viewer = { userId: user?.id ?? null, role: user?.role ?? null };
    const page = await pageContent(pathName, viewer, asksForPreview(url));
    const data =
      user === undefined ? page.data : { [INLINED_KEYS.session]: { user }, ...page.data };
    const json = dataJson(data);
    // Not-found pages are not kept: any address makes one, and they would push real pages out.
    const root = page.render ? await renderRoot(url, data, json, page.status !== 404) : undefined;
    return {
      html: renderHead(indexHtml, { ...page.head, body: inlinedData(json), root }),
      status: page.status,
      setCookies: session.setCookies,
      personal: Boolean(user),
      serverRendered: root !== undefined,
      account: user === undefined ? undefined : (user?.id ?? null),
    };
  };
}
