import type { HeadTag } from '#shared/discover/story-meta';

export interface PreloadImage {
  href: string;
  /** The same srcset as the <img>, so the browser preloads the variant it will use. */
  srcset?: string;
}

export interface PageHead {
  title?: string;
  /** Tags of the page's <head> (the client applies the same list after client-side navigation). */
  tags?: HeadTag[];
  /** The page's largest image, fetched before the script runs. */
  preloadImages?: PreloadImage[];
  /** HTML placed at the start of <body> (the inlined first data). */
  body?: string;
  /** The server-rendered app, placed inside `<div id="root">`. */
  root?: string;
  /** The text of the page's `<noscript>` notice (it names the platform). */
  noscript?: string;
}

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const renderTag = (tag: HeadTag) =>
  `<${tag.element} ${Object.entries(tag.attributes)
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
    .join(' ')} />`;

const renderPreload = (image: PreloadImage) =>
  `<link rel="preload" as="image" href="${escapeAttribute(image.href)}"${
    image.srcset ? ` imagesrcset="${escapeAttribute(image.srcset)}"` : ''
  } fetchpriority="high" />`;

/**
 * Fills in the HTML a page is served with: title and head tags (a page's own description replaces
 * the shipped one), image preloads, and anything placed at the start of <body>. Every insertion
 * goes through a replacement function: a string replacement would read `$&`, `` $` ``, `$'`, `$1`
 * and `$$` in a story's title or description as patterns (mangling the text, or copying the whole
 * document into the page).
 */
export function renderHead(indexHtml: string, head: PageHead): string {
  const tags = [
    ...(head.tags ?? []).map(renderTag),
    ...(head.preloadImages ?? []).map(renderPreload),
  ];
  let html = indexHtml;
  if (head.title) {
    const title = `<title>${escapeAttribute(head.title)}</title>`;
    html = html.replace(/<title>[\s\S]*?<\/title>/, () => title);
  }
  if (head.tags?.some((tag) => tag.attributes.name === 'description')) {
    html = html.replace(/\s*<meta\s+name="description"[\s\S]*?\/>/, '');
  }
  if (tags.length > 0) {
    const headEnd = `    ${tags.join('\n    ')}\n  </head>`;
    html = html.replace('</head>', () => headEnd);
  }
  if (head.body) {
    const body = head.body;
    html = html.replace(
      /<body([^>]*)>/,
      (_match, attributes: string) => `<body${attributes}>\n    ${body}`,
    );
  }
  if (head.noscript !== undefined) {
    const text = escapeAttribute(head.noscript);
    html = html.replace(
      /<noscript\s*>[\s\S]*?<\/noscript\s*>/,
      () => `<noscript>${text}</noscript>`,
    );
  }
  if (head.root) {
    const root = head.root;
    html = html.replace('<div id="root"></div>', () => `<div id="root">${root}</div>`);
  }
  return html;
}
