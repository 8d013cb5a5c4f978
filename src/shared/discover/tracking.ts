/**
 * Tracking tags (admin spec, "tracking injection"): what each active tag puts into the page.
 * Pure and shared: the client injects exactly these scripts, and the server builds its
 * Content-Security-Policy from the same plan (the origins, and the SHA-256 hashes of the inline
 * texts, which it must hash byte for byte as returned here). A custom tag's text is read by
 * tracking-snippet.ts.
 */

import { originsNamedInCode, readTrackingSnippet, type SnippetScript } from './tracking-snippet.ts';

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

export { isAllowedScriptSource, sanitizeInlineScript } from './tracking-snippet.ts';

/** Ids the well-known providers use (GTM-XXXX, G-XXXX, a numeric pixel id): nothing else. */
const PROVIDER_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** One script a tag puts into the page, in the order the vendor's snippet has them. */
export type PlannedScript = SnippetScript;

export interface TrackingScriptPlan {
  /** The tag's row id: an injected tag is marked with it and never injected twice. */
  tagId: string;
  position: TrackingTagPosition;
  /** External scripts (async, all https) and inline code, in order. */
  scripts: PlannedScript[];
  /**
   * Every origin the tag loads scripts from: its external scripts' and those its inline code
   * loads by itself (GTM's loader names googletagmanager.com). The page's policy admits these.
   */
  origins: string[];
  /** For gtm, ga4 and facebook: the provider id the page-side bootstrap needs. */
  provider: { type: Exclude<TrackingTagType, 'custom'>; id: string } | null;
  /** Sources refused because they are not https (the client warns about each). */
  blocked: string[];
}

const originOf = (source: string) => new URL(source).origin;

/** The external sources of a plan, in order. */
export const planSources = (plan: TrackingScriptPlan): string[] =>
  plan.scripts.flatMap((script) => (script.kind === 'external' ? [script.src] : []));

/** The inline code of a plan, in order (the policy admits each by its hash). */
export const planInlineCode = (plan: TrackingScriptPlan): string[] =>
  plan.scripts.flatMap((script) => (script.kind === 'inline' ? [script.code] : []));

/**
 * What one tag injects, or null when it yields nothing: no id for gtm/ga4/facebook, an id that
 * is not a provider id, a custom tag without a script, or a text that is neither a snippet nor
 * code (tracking-snippet.ts). A stored tag that saving would now refuse still runs as the spec
 * says when it can be read (sources that are not https are skipped with a warning, the inline
 * text cleaned); one that cannot be read never runs. Never throws.
 */
export function planTrackingTag(tag: TrackingTagInput): TrackingScriptPlan | null {
  if (!tag.id) return null;
  const base = { tagId: tag.id, position: tag.position };

  if (tag.tagType === 'custom') {
    const reading = readTrackingSnippet(tag.scriptContent ?? '');
    if (!reading.readable) return null;
    const seen = new Set<string>();
    const scripts = reading.scripts.filter((script) => {
      if (script.kind === 'inline') return true;
      // Each external script once (the page would run a repeated one twice).
      if (seen.has(script.src)) return false;
      seen.add(script.src);
      return true;
    });
    if (scripts.length === 0 && reading.blocked.length === 0) return null;
    const origins: string[] = [];
    for (const script of scripts) {
      const named =
        script.kind === 'external' ? [originOf(script.src)] : originsNamedInCode(script.code);
      for (const origin of named) if (!origins.includes(origin)) origins.push(origin);
    }
    return { ...base, scripts, origins, provider: null, blocked: reading.blocked };
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
  return {
    ...base,
    scripts: [{ kind: 'external', src: source, attributes: {} }],
    origins: [originOf(source)],
    provider: { type: tag.tagType, id },
    blocked: [],
  };
}

/** The plans of a list of tags, in order, each tag once (by its id). */
export function planTrackingTags(tags: readonly TrackingTagInput[]): TrackingScriptPlan[] {
  const seen = new Set<string>();
  const plans: TrackingScriptPlan[] = [];
  for (const tag of tags) {
    if (seen.has(tag.id)) continue;
    seen.add(tag.id);
    let plan: TrackingScriptPlan | null = null;
    try {
      plan = planTrackingTag(tag);
    } catch {
      // planTrackingTag never throws; should a stored row ever surprise it, the page still
      // renders and that one tag is left out.
    }
    if (plan) plans.push(plan);
  }
  return plans;
}
