/**
 * The story page's title, description and head tags: the server writes them into the HTML it
 * sends, and the client applies the same list after a client-side navigation. The site's name
 * and description are the platform settings' (src/shared/site-identity.ts).
 */

import type { SiteIdentity } from '../site-identity.ts';

/** The site's description when the administrator has written none. */
export const defaultSiteDescription = (name: string): string =>
  `${name} helps English speakers learn Spanish by listening to stories built from the most ` +
  'common Spanish words, with a transcript and translation to read along.';

/**
 * The description of every page's head: the administrator's, or the default one. Here with the
 * head tags rather than in site-identity.ts, so the pages' first load does not carry the text.
 */
export const siteDescription = (site: SiteIdentity): string =>
  site.customDescription ?? defaultSiteDescription(site.name);

export interface StoryMeta {
  /** The platform's name (og:site_name). */
  siteName: string;
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
  site: SiteIdentity,
): StoryMeta {
  const origin = publicOrigin.replace(/\/+$/, '');
  const description = story.description?.trim() ? story.description.trim() : siteDescription(site);
  return {
    siteName: site.name,
    title: `${story.title} — ${site.name}`,
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
    property('og:site_name', meta.siteName),
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
