import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { renderHead } from '../../lib/http/page-head.ts';

const STORY_PATH = /^\/story\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/;

/** The cover as the story page shows it first (must match the client's largest image URL). */
export const storyCoverVariant = (imageUrl: string, width = 800, height = 600) =>
  imageUrl.startsWith('/api/files/')
    ? `${imageUrl.replace('/api/files/', '/api/images/')}?w=${width}&h=${height}&q=80`
    : imageUrl;

/**
 * Server-side head for pages whose link previews matter: a story page carries its title,
 * description, canonical address and cover in the HTML itself.
 */
export function createPageRenderer(context: AppContext) {
  const origin = context.config.publicUrl;
  return async (pathName: string, indexHtml: string) => {
    const match = STORY_PATH.exec(pathName);
    if (!match) return undefined;
    try {
      const story = await context.services.stories.getPublishedStoryBySlug(match[1]!);
      const cover = story.imageUrl ? storyCoverVariant(story.imageUrl) : undefined;
      return {
        html: renderHead(indexHtml, {
          title: `${story.title} — Relatos`,
          description:
            story.description ?? `A ${story.level.toLowerCase()} Spanish audio story on Relatos.`,
          canonical: `${origin}/story/${story.slug}`,
          image: cover
            ? new URL(storyCoverVariant(story.imageUrl!, 1200, 630), origin).toString()
            : undefined,
          imageAlt: `Cover of ${story.title}`,
          type: 'article',
          preloadImages: cover ? [cover] : [],
        }),
      };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404)
        return { html: indexHtml, status: 404 };
      throw error;
    }
  };
}
