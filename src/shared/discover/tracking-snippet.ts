/**
 * How a custom tracking tag's text is read (issue 12): either the snippet exactly as a vendor
 * gives it — `<script>` elements, optionally with a `<noscript>` fallback and HTML comments, as
 * in Google Tag Manager's two snippets, the Meta Pixel or GA4's `<script async src>` — or the
 * code alone, without tags. One home for the rule: the plan of what runs on the page and its
 * Content-Security-Policy (tracking.ts) read the scripts found here, and saving a tag is refused
 * with the first of the `problems` (contracts/admin-tags.ts), so a saved tag runs as pasted.
 *
 * Pure string reading, no DOM: the server and the browser read a text the same way.
 */

/** One script of a snippet, in document order. */
export type SnippetScript =
  | {
      kind: 'external';
      /** An https address (the others are in `blocked`). */
      src: string;
      /** Attributes the vendor's script reads and that are safe to copy (`data-*`, `id`…). */
      attributes: Record<string, string>;
    }
  | {
      kind: 'inline';
      /** The code as it will run: the spec's cleaning applied (see sanitizeInlineScript). */
      code: string;
    };

export interface SnippetReading {
  /** `snippet`: HTML elements; `code`: JavaScript written without tags. */
  form: 'snippet' | 'code';
  /** False when the text is not a snippet nor code: none of it may run. */
  readable: boolean;
  scripts: SnippetScript[];
  /** Script sources that are not https: never loaded (spec), and a reason to refuse the text. */
  blocked: string[];
  /** Whether a `<noscript>` fallback was present (kept in the tag, not put into the page). */
  noscript: boolean;
  /**
   * Why the text would not run exactly as pasted, in reading order; empty when it would. Saving
   * is refused with the first one.
   */
  problems: string[];
}

/** What to paste, said wherever a text is refused. */
export const SNIPPET_HINT =
  "Paste the vendor's snippet exactly as given (its <script> elements, with the <noscript> " +
  'fallback if there is one), or only the JavaScript between its <script> tags.';

export const snippetMessages = {
  hint: SNIPPET_HINT,
  empty: 'Script content is required for custom tags',
  noScript: `The snippet has no <script> to run. ${SNIPPET_HINT}`,
  notScript: (tag: string) =>
    `Only <script> elements (and a <noscript> fallback) can be pasted; <${tag}> is not one. ${SNIPPET_HINT}`,
  textOutside: (text: string) => `“${text}” is outside the <script> elements. ${SNIPPET_HINT}`,
  unclosedComment: 'An HTML comment (<!--) is not closed with -->.',
  unclosedTag: (tag: string) => `A <${tag}> tag is not closed with >.`,
  unclosedElement: (tag: string) => `A <${tag}> element is not closed with </${tag}>.`,
  scriptTagsInCode: `The code contains <script> tags. ${SNIPPET_HINT}`,
  httpsOnly: (source: string) => `Script sources must use https: ${source}`,
  notJavaScript: (type: string) =>
    `A <script type="${type}"> is not JavaScript the page can run; paste the vendor's JavaScript snippet.`,
  eventHandler: (name: string) =>
    `The ${name} attribute cannot be used: the page's security policy blocks inline event handlers. Remove it.`,
  javascriptUrl:
    'The code contains “javascript:”, which the page removes before running it. Take it out.',
  inlineHandler:
    'The code contains an inline event handler (on…="…"), which the page removes before running it. Take it out.',
} as const;

/**
 * The spec's inline-script cleaning: script tags (opening and closing; their text stays),
 * `javascript:` and inline event-handler attributes (`onload="…"`) are removed, then the text is
 * trimmed. Other JavaScript is left alone (comparisons such as `a < b` must survive).
 */
export function sanitizeInlineScript(input: string): string {
  return input
    .replace(/\0/g, '')
    .replace(/<\/?script\b[^>]*>/gi, '')
    .replace(/javascript\s*:/gi, '')
    .replace(/\bon[a-z]+\s*=\s*(?:"[^"]*"|'[^']*')/gi, '')
    .trim();
}

/** Only https sources are loaded (spec); anything else is reported and skipped. */
export function isAllowedScriptSource(source: string): boolean {
  try {
    const url = new URL(source);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '';
  } catch {
    return false;
  }
}

/** JavaScript MIME types a classic `<script type>` may name (an empty type is JavaScript too). */
const JAVASCRIPT_TYPES = new Set([
  '',
  'text/javascript',
  'application/javascript',
  'application/x-javascript',
  'text/ecmascript',
  'application/ecmascript',
]);

/** Attributes of an external script copied onto the injected element. */
const KEPT_ATTRIBUTE = /^(?:data-[a-z0-9_.:-]+|id|crossorigin|integrity|referrerpolicy|charset)$/;

const SPACE = /\s/;
const NAME_CHAR = /[^\s"'>/=]/;

interface Tag {
  name: string;
  attributes: Map<string, string>;
  /** Index just after the tag's `>`. */
  end: number;
}

/** Reads the start tag at `start` (which is `<name`), or null when its `>` is missing. */
function readStartTag(text: string, start: number): Tag | null {
  let index = start + 1;
  let name = '';
  while (index < text.length && /[A-Za-z0-9-]/.test(text[index]!)) name += text[index++];
  const attributes = new Map<string, string>();
  while (index < text.length) {
    while (index < text.length && (SPACE.test(text[index]!) || text[index] === '/')) index += 1;
    if (text[index] === '>') return { name: name.toLowerCase(), attributes, end: index + 1 };
    let attribute = '';
    while (index < text.length && NAME_CHAR.test(text[index]!)) attribute += text[index++];
    if (attribute === '') return null;
    while (index < text.length && SPACE.test(text[index]!)) index += 1;
    let value = '';
    if (text[index] === '=') {
      index += 1;
      while (index < text.length && SPACE.test(text[index]!)) index += 1;
      const quote = text[index];
      if (quote === '"' || quote === "'") {
        const close = text.indexOf(quote, index + 1);
        if (close === -1) return null;
        value = text.slice(index + 1, close);
        index = close + 1;
      } else {
        while (index < text.length && !SPACE.test(text[index]!) && text[index] !== '>') {
          value += text[index++];
        }
      }
    }
    const key = attribute.toLowerCase();
    // As in HTML, the first of two attributes of the same name wins.
    if (!attributes.has(key)) attributes.set(key, decodeEntities(value));
  }
  return null;
}

/** The few character references an attribute value in a vendor snippet uses. */
function decodeEntities(value: string): string {
  return value.replace(/&(amp|quot|#39|apos|lt|gt);/g, (_match, entity: string) => {
    const table: Record<string, string> = {
      amp: '&',
      quot: '"',
      '#39': "'",
      apos: "'",
      lt: '<',
      gt: '>',
    };
    return table[entity] ?? '';
  });
}

/** Where the element's end tag `</name …>` starts and ends, or null when there is none. */
function findEndTag(
  text: string,
  from: number,
  name: string,
): { start: number; end: number } | null {
  const pattern = new RegExp(`</${name}(?=[\\s/>])`, 'gi');
  pattern.lastIndex = from;
  const match = pattern.exec(text);
  if (!match) return null;
  const close = text.indexOf('>', match.index);
  if (close === -1) return null;
  return { start: match.index, end: close + 1 };
}

/** The first words of a stray text, for a message. */
const excerpt = (text: string) => {
  const line = text.trim().split(/\s+/).join(' ');
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
};

/** Skips whitespace and HTML comments; returns the next index, or -1 for an unclosed comment. */
function skipSpaceAndComments(text: string, from: number): number {
  let index = from;
  for (;;) {
    while (index < text.length && SPACE.test(text[index]!)) index += 1;
    if (!text.startsWith('<!--', index)) return index;
    const close = text.indexOf('-->', index + 4);
    if (close === -1) return -1;
    index = close + 3;
  }
}

const STARTS_ELEMENT = /^<(?:script|noscript)(?=[\s/>])/i;

/** The problems of one inline script's code: what the spec's cleaning would change. */
function codeProblems(raw: string): string[] {
  const problems: string[] = [];
  if (/<\/?script\b/i.test(raw)) problems.push(snippetMessages.scriptTagsInCode);
  if (/javascript\s*:/i.test(raw)) problems.push(snippetMessages.javascriptUrl);
  if (/\bon[a-z]+\s*=\s*(?:"[^"]*"|'[^']*')/i.test(raw))
    problems.push(snippetMessages.inlineHandler);
  return problems;
}

function readCode(text: string): SnippetReading {
  const trimmed = text.replace(/\0/g, '').trim();
  const reading: SnippetReading = {
    form: 'code',
    readable: true,
    scripts: [],
    blocked: [],
    noscript: false,
    problems: [],
  };
  if (trimmed === '') {
    reading.problems.push(snippetMessages.empty);
    return reading;
  }
  // Markup that is not a script (an <iframe>, a pixel <img>) is never run as code.
  const markup = /^<([A-Za-z][A-Za-z0-9-]*)/.exec(trimmed);
  if (markup) {
    reading.readable = false;
    reading.problems.push(snippetMessages.notScript(markup[1]!.toLowerCase()));
    return reading;
  }
  if (addInlineCode(trimmed, reading) === 'empty') reading.problems.push(snippetMessages.empty);
  return reading;
}

/**
 * Cleans one inline script's code and adds it to the reading, with what the cleaning changed as
 * problems. What the cleaning leaves of a broken tag (`<script src="…` without its `>`), at the
 * top level or inside a <script> element, is not code: the snippet is then unreadable.
 */
function addInlineCode(raw: string, reading: SnippetReading): 'added' | 'empty' | 'unreadable' {
  reading.problems.push(...codeProblems(raw));
  const code = sanitizeInlineScript(raw);
  if (/<\/?script\b/i.test(code)) {
    reading.readable = false;
    return 'unreadable';
  }
  if (code === '') return 'empty';
  reading.scripts.push({ kind: 'inline', code });
  return 'added';
}

function readScriptElement(text: string, tag: Tag, reading: SnippetReading): number {
  const end = findEndTag(text, tag.end, 'script');
  if (!end) {
    reading.readable = false;
    reading.problems.push(snippetMessages.unclosedElement('script'));
    return text.length;
  }
  for (const name of tag.attributes.keys()) {
    if (/^on/.test(name)) reading.problems.push(snippetMessages.eventHandler(name));
  }
  const type = (tag.attributes.get('type') ?? '').trim().toLowerCase();
  if (!JAVASCRIPT_TYPES.has(type)) {
    reading.problems.push(snippetMessages.notJavaScript(type));
    return end.end;
  }
  const src = tag.attributes.get('src');
  if (src !== undefined) {
    // As in the browser, the text inside a <script src> element is never run.
    const source = src.trim();
    if (isAllowedScriptSource(source)) {
      const attributes: Record<string, string> = {};
      for (const [name, value] of tag.attributes) {
        if (KEPT_ATTRIBUTE.test(name)) attributes[name] = value;
      }
      reading.scripts.push({ kind: 'external', src: source, attributes });
    } else {
      reading.blocked.push(source);
      reading.problems.push(snippetMessages.httpsOnly(source));
    }
    return end.end;
  }
  addInlineCode(text.slice(tag.end, end.start), reading);
  return end.end;
}

function readSnippet(text: string): SnippetReading {
  const reading: SnippetReading = {
    form: 'snippet',
    readable: true,
    scripts: [],
    blocked: [],
    noscript: false,
    problems: [],
  };
  const fail = (problem: string) => {
    reading.readable = false;
    reading.problems.push(problem);
    return reading;
  };
  let index = 0;
  for (;;) {
    index = skipSpaceAndComments(text, index);
    if (index < 0) return fail(snippetMessages.unclosedComment);
    if (index >= text.length) break;
    if (text[index] !== '<') {
      const next = text.indexOf('<', index);
      return fail(
        snippetMessages.textOutside(excerpt(text.slice(index, next < 0 ? undefined : next))),
      );
    }
    const element = STARTS_ELEMENT.exec(text.slice(index, index + 10));
    if (!element) {
      const name = /^<\/?([A-Za-z][A-Za-z0-9-]*)/.exec(text.slice(index, index + 40))?.[1];
      return fail(
        name
          ? snippetMessages.notScript(name.toLowerCase())
          : snippetMessages.textOutside(excerpt(text.slice(index, index + 40))),
      );
    }
    const tag = readStartTag(text, index);
    if (!tag) return fail(snippetMessages.unclosedTag(element[0].slice(1).toLowerCase()));
    if (tag.name === 'script') {
      index = readScriptElement(text, tag, reading);
    } else {
      // A <noscript> fallback (an <iframe> or a pixel <img>) is for browsers without JavaScript;
      // the pages that run tags need JavaScript, so it is accepted and never put into a page.
      const end = findEndTag(text, tag.end, 'noscript');
      if (!end) return fail(snippetMessages.unclosedElement('noscript'));
      reading.noscript = true;
      index = end.end;
    }
  }
  if (reading.readable && reading.scripts.length === 0 && reading.problems.length === 0) {
    // Only a <noscript> fallback: say what is missing; empty <script> elements: nothing at all.
    reading.problems.push(reading.noscript ? snippetMessages.noScript : snippetMessages.empty);
  }
  return reading;
}

/** Reads a custom tag's text (see the module comment). Never throws. */
export function readTrackingSnippet(content: string): SnippetReading {
  const text = content.replace(/\0/g, '');
  const start = skipSpaceAndComments(text, 0);
  // An unclosed leading comment is refused by the snippet reading.
  if (start < 0 || STARTS_ELEMENT.test(text.slice(start, start + 10))) return readSnippet(text);
  // Leading comments followed by bare code are read as code (the comments are JavaScript's
  // HTML-like comments then); anything starting with other markup is refused.
  return readCode(text);
}

/**
 * Origins the inline code loads scripts from by itself (GTM's and the Meta Pixel's loaders name
 * theirs in a string): every https origin written at the start of a string literal. The page's
 * policy admits them, so the vendor's loader works.
 */
export function originsNamedInCode(code: string): string[] {
  const origins: string[] = [];
  for (const match of code.matchAll(/["'`](https:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?)(?=[/?#"'`])/g)) {
    try {
      const origin = new URL(match[1]!).origin;
      if (!origins.includes(origin)) origins.push(origin);
    } catch {
      // Not an address after all.
    }
  }
  return origins;
}
