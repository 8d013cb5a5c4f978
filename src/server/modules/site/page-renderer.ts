import { imageUrl, storyHeadTags, storyMeta } from '#shared/discover/rules';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { renderHead } from '../../lib/http/page-head.ts';

const STORY_PATH = /^\/story\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/;
/** The story page's cover as the client shows it first (its largest image). */
export const STORY_COVER_SIZE = { w: 800, h: 600 } as const;

/**
 * Server-side head for pages whose link previews matter: a story page carries its title,
 * description, canonical address and cover in the HTML itself.
 */
export function createPageRenderer(context: AppContext) {
  return async (pathName: string, indexHtml: string) => {
    const match = STORY_PATH.exec(pathName);
    if (!match) return undefined;
    try {
      const story = await context.services.stories.getPublishedStoryBySlug(match[1]!);
      const meta = storyMeta(story, context.config.publicUrl);
      return {
        html: renderHead(indexHtml, {
          title: meta.title,
          tags: storyHeadTags(meta),
          preloadImages: story.imageUrl ? [imageUrl(story.imageUrl, STORY_COVER_SIZE)] : [],
        }),
      };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404)
        return { html: indexHtml, status: 404 };
      throw error;
    }
  };
}
