/**
 * Tracking tags (admin spec, "tracking injection"): what each active tag puts into the page.
 * Pure and shared: the client injects exactly these scripts, and the server builds its
 * Content-Security-Policy from the same plan (the https sources, and the SHA-256 hashes of the
 * inline texts, which it must hash byte for byte as returned here).
 */

export {
  isAdminPath,
  isTrackingDisabledHost,
  TRACKING_DISABLED_MESSAGE,
} from './tracking-scope.ts';

export type TrackingTagType = 'gtm' | 'ga4' | 'facebook' | 'custom';
export type TrackingTagPosition = 'head' | 'body';

/** The fields of a public tracking tag these rules read (the API's `PublicTrackingTag`). */
export interface TrackingTagInput {
  id: string;
  tagType: TrackingTagType;
  tagId: string | null;
  scriptContent: string | null;
  position: TrackingTagPosition;
}

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
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Ids the well-known providers use (GTM-XXXX, G-XXXX, a numeric pixel id): nothing else. */
const PROVIDER_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

const SCRIPT_SRC = /<script\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>/gi;

export interface TrackingScriptPlan {
  /** The tag's row id: an injected tag is marked with it and never injected twice. */
  tagId: string;
  position: TrackingTagPosition;
  /** External scripts to load (async), all https. */
  sources: string[];
  /** Inline script text to run, exactly as the CSP hash is computed; null when none. */
  inline: string | null;
  /** For gtm, ga4 and facebook: the provider id the page-side bootstrap needs. */
  provider: { type: Exclude<TrackingTagType, 'custom'>; id: string } | null;
  /** Sources refused because they are not https (the client warns about each). */
  blocked: string[];
}

/**
 * What one tag injects, or null when it yields nothing (no id for gtm/ga4/facebook, an id that is
 * not a provider id, or a custom tag without content).
 */
export function planTrackingTag(tag: TrackingTagInput): TrackingScriptPlan | null {
  if (!tag.id) return null;
  const base = { tagId: tag.id, position: tag.position, blocked: [] as string[] };

  if (tag.tagType === 'custom') {
    const content = tag.scriptContent ?? '';
    const sources: string[] = [];
    const blocked: string[] = [];
    for (const match of content.matchAll(SCRIPT_SRC)) {
      const source = (match[1] ?? match[2] ?? match[3] ?? '').trim();
      if (source === '') continue;
      if (isAllowedScriptSource(source)) sources.push(source);
      else blocked.push(source);
    }
    // The inline text is what remains outside external script elements.
    const withoutExternal = content.replace(
      /<script\b[^>]*?\bsrc\s*=[^>]*>[\s\S]*?<\/script\s*>/gi,
      '',
    );
    const inline = sanitizeInlineScript(withoutExternal);
    if (sources.length === 0 && inline === '' && blocked.length === 0) return null;
    return {
      ...base,
      sources: [...new Set(sources)],
      inline: inline === '' ? null : inline,
      provider: null,
      blocked,
    };
  }

  const id = tag.tagId?.trim() ?? '';
  if (id === '' || !PROVIDER_ID.test(id)) return null;
  const encoded = encodeURIComponent(id);
  const source =
    tag.tagType === 'gtm'
      ? `https://www.googletagmanager.com/gtm.js?id=${encoded}`
      : tag.tagType === 'ga4'
        ? `https://www.googletagmanager.com/gtag/js?id=${encoded}`
        : 'https://connect.facebook.net/en_US/fbevents.js';
  return { ...base, sources: [source], inline: null, provider: { type: tag.tagType, id } };
}

/** The plans of a list of tags, in order, each tag once (by its id). */
export function planTrackingTags(tags: readonly TrackingTagInput[]): TrackingScriptPlan[] {
  const seen = new Set<string>();
  const plans: TrackingScriptPlan[] = [];
  for (const tag of tags) {
    if (seen.has(tag.id)) continue;
    seen.add(tag.id);
    const plan = planTrackingTag(tag);
    if (plan) plans.push(plan);
  }
  return plans;
}
