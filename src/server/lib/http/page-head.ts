export interface PageHead {
  title: string;
  description: string;
  canonical: string;
  image?: string;
  imageAlt?: string;
  type?: 'website' | 'article';
  /** Images to fetch before the script runs (the page's largest image). */
  preloadImages?: string[];
}

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Puts a page's title, description, canonical link and Open Graph / Twitter card tags into the
 * HTML the server sends, so link previews work without JavaScript.
 */
export function renderHead(indexHtml: string, head: PageHead): string {
  const title = escapeAttribute(head.title);
  const description = escapeAttribute(head.description);
  const tags = [
    `<link rel="canonical" href="${escapeAttribute(head.canonical)}" />`,
    `<meta property="og:type" content="${head.type ?? 'website'}" />`,
    `<meta property="og:site_name" content="Relatos" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeAttribute(head.canonical)}" />`,
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    ...(head.image
      ? [
          `<meta property="og:image" content="${escapeAttribute(head.image)}" />`,
          `<meta name="twitter:image" content="${escapeAttribute(head.image)}" />`,
          ...(head.imageAlt
            ? [`<meta property="og:image:alt" content="${escapeAttribute(head.imageAlt)}" />`]
            : []),
        ]
      : []),
    ...(head.preloadImages ?? []).map(
      (href) =>
        `<link rel="preload" as="image" href="${escapeAttribute(href)}" fetchpriority="high" />`,
    ),
  ];
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${title}</title>`)
    .replace(
      /<meta\s+name="description"[\s\S]*?\/>/,
      `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}
