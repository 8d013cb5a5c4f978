import { useEffect } from 'react';
import { siteDescription, storyHeadTags, storyMeta } from '#shared/discover/story-meta';
import { useSiteIdentity } from '#client/lib/site-identity';
import { applyHeadTags } from '../head-tags';

/**
 * Title, description, canonical link and social-card tags of a story page, kept right after
 * client-side navigation (the server sends the same values in the HTML of /story/{slug}).
 */
export function useStoryHead(
  story:
    | { title: string; slug: string; description: string | null; imageUrl: string | null }
    | undefined,
): void {
  const title = story?.title;
  const slug = story?.slug;
  const description = story?.description ?? null;
  const image = story?.imageUrl ?? null;
  const site = useSiteIdentity();
  useEffect(() => {
    if (title === undefined || slug === undefined) return;
    const meta = storyMeta(
      { title, slug, description, imageUrl: image },
      window.location.origin,
      site,
    );
    const previousTitle = document.title;
    document.title = meta.title;
    const removeTags = applyHeadTags(storyHeadTags(meta), siteDescription(site));
    return () => {
      removeTags();
      document.title = previousTitle;
    };
  }, [title, slug, description, image, site]);
}
