import {
  IMAGE_SIZES,
  imageSrcSet,
  imageUrl,
  storyHeadTags,
  storyMeta,
} from '#shared/discover/rules';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { renderHead, type PreloadImage } from '../../lib/http/page-head.ts';
import { toStory } from '../stories/stories.mapper.ts';

const STORY_PATH = /^\/story\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/;
const PAGES_WITH_LIBRARY = new Set(['/', '/library']);

/** A JSON block the client reads before asking the API (src/client/features/site/inlined-data.ts). */
function inlinedData(data: Record<string, unknown>): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="relatos-data">${json}</script>`;
}

const preloadFor = (url: string, size: { w: number; h: number }): PreloadImage => ({
  href: imageUrl(url, size),
  srcset: imageSrcSet(url, size),
});

/**
 * The HTML of the pages a first visit lands on: the data they need inlined (so they render
 * without waiting for the API), their largest image preloaded, and for a story page its title,
 * description, canonical address and social-card tags (link previews work without JavaScript).
 */
export function createPageRenderer(context: AppContext) {
  const { stories, site } = context.services;
  const published = async () =>
    (await stories.listStories({ userId: null, role: null })).map(toStory);

  return async (pathName: string, indexHtml: string) => {
    const storyMatch = STORY_PATH.exec(pathName);
    if (!storyMatch && !PAGES_WITH_LIBRARY.has(pathName)) return undefined;
    const settings = await site.getSettings().catch(() => undefined);

    if (!storyMatch) {
      const list = await published();
      const firstCover = list[0]?.imageUrl;
      const size = pathName === '/' ? IMAGE_SIZES.featuredStory : IMAGE_SIZES.libraryCover;
      return {
        html: renderHead(indexHtml, {
          body: inlinedData({ 'site-settings': settings, stories: { stories: list } }),
          preloadImages:
            firstCover && pathName === '/library' ? [preloadFor(firstCover, size)] : [],
        }),
      };
    }

    try {
      const slug = storyMatch[1]!;
      const story = await stories.getPublishedStoryBySlug(slug);
      const meta = storyMeta(story, context.config.publicUrl);
      return {
        html: renderHead(indexHtml, {
          title: meta.title,
          tags: storyHeadTags(meta),
          preloadImages: story.imageUrl
            ? [preloadFor(story.imageUrl, IMAGE_SIZES.storyPageCover)]
            : [],
          body: inlinedData({
            'site-settings': settings,
            [`story:${slug}`]: { story: toStory(story) },
          }),
        }),
      };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404)
        return { html: indexHtml, status: 404 };
      throw error;
    }
  };
}
