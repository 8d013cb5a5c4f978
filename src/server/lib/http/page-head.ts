import type { HeadTag } from '#shared/discover/rules';

export interface PageHead {
  title: string;
  /** Tags of the page's <head> (the client applies the same list after client-side navigation). */
  tags: HeadTag[];
  /** Images to fetch before the script runs (the page's largest image). */
  preloadImages?: string[];
}

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const renderTag = (tag: HeadTag) =>
  `<${tag.element} ${Object.entries(tag.attributes)
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
    .join(' ')} />`;

/**
 * Puts a page's title and head tags (description, canonical link, Open Graph / Twitter card) into
 * the HTML the server sends, so link previews work without JavaScript. The shipped description
 * is replaced, not repeated.
 */
export function renderHead(indexHtml: string, head: PageHead): string {
  const tags = [
    ...head.tags.map(renderTag),
    ...(head.preloadImages ?? []).map(
      (href) =>
        `<link rel="preload" as="image" href="${escapeAttribute(href)}" fetchpriority="high" />`,
    ),
  ];
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeAttribute(head.title)}</title>`)
    .replace(/\s*<meta\s+name="description"[\s\S]*?\/>/, '')
    .replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}
