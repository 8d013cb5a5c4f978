import { z } from 'zod';
import { readTrackingSnippet, snippetMessages } from '../discover/tracking-snippet.ts';
import { trackingTagPositions, trackingTagTypes } from './site.ts';

/**
 * The administrator's tracking tags (admin spec: "Tracking tags screen", the tracking_tags
 * entity). The API checks bodies with the rules below and the form shows the same messages.
 */

export { trackingTagPositions, trackingTagTypes };
export type TrackingTagType = (typeof trackingTagTypes)[number];
export type TrackingTagPosition = (typeof trackingTagPositions)[number];

export const TAG_NAME_MAX_LENGTH = 100;
export const TAG_ID_MAX_LENGTH = 32;
/** Custom scripts are small snippets; anything larger belongs in a tag manager container. */
export const SCRIPT_CONTENT_MAX_BYTES = 20 * 1024;

export const trackingTagTypeLabels: Record<TrackingTagType, string> = {
  gtm: 'Google Tag Manager',
  ga4: 'Google Analytics 4',
  facebook: 'Facebook Pixel',
  custom: 'Custom',
};

export const trackingTagPositionLabels: Record<TrackingTagPosition, string> = {
  head: 'Head',
  body: 'Body',
};

type ProviderType = Exclude<TrackingTagType, 'custom'>;

/**
 * What each provider's id looks like. Every id accepted here is also one the injection rules
 * plan (src/shared/discover/tracking.ts), so a saved tag never silently yields nothing.
 */
export const trackingTagIdRules: Record<
  ProviderType,
  { label: string; placeholder: string; pattern: RegExp; uppercase: boolean; format: string }
> = {
  gtm: {
    label: 'GTM container ID',
    placeholder: 'GTM-XXXXXXX',
    pattern: /^GTM-[A-Z0-9]{4,12}$/,
    uppercase: true,
    format: 'GTM container ID must look like GTM-XXXXXXX (letters and digits after GTM-)',
  },
  ga4: {
    label: 'GA4 measurement ID',
    placeholder: 'G-XXXXXXXXXX',
    pattern: /^G-[A-Z0-9]{4,16}$/,
    uppercase: true,
    format: 'GA4 measurement ID must look like G-XXXXXXXXXX (letters and digits after G-)',
  },
  facebook: {
    label: 'Facebook Pixel ID',
    placeholder: '123456789012345',
    pattern: /^\d{6,20}$/,
    uppercase: false,
    format: 'Facebook Pixel ID must be a number of 6 to 20 digits',
  },
};

export const TAG_NAME_REQUIRED = 'Tag name is required';
export const SCRIPT_CONTENT_REQUIRED = snippetMessages.empty;

/** A provider's id field holding the vendor's whole snippet instead of the id. */
export const snippetInIdField = (label: string, placeholder: string) =>
  `Paste only the ${label} (${placeholder}), not the snippet; or choose Custom to paste the whole snippet`;

/**
 * A JavaScript syntax check (the server's: node:vm compiles without running). Returns the
 * problem, or null when the code parses. The browser cannot compile code under the page's policy,
 * so the form leaves this check to the server.
 */
export type ScriptSyntaxCheck = (code: string) => string | null;

/** The editable fields of a tag, as the form holds them and as they are sent. */
export interface TrackingTagFields {
  tagName: string;
  tagType: TrackingTagType;
  tagId?: string | null;
  scriptContent?: string | null;
  isActive: boolean;
  position: TrackingTagPosition;
}

/** A tag's fields once checked: trimmed, and only the field its type uses is kept. */
export interface TrackingTagValues {
  tagName: string;
  tagType: TrackingTagType;
  tagId: string | null;
  scriptContent: string | null;
  isActive: boolean;
  position: TrackingTagPosition;
}

export type TrackingTagFieldErrors = Partial<Record<'tagName' | 'tagId' | 'scriptContent', string>>;

export type TrackingTagCheck =
  { ok: true; value: TrackingTagValues } | { ok: false; errors: TrackingTagFieldErrors };

const byteLength = (text: string) => new TextEncoder().encode(text).length;

function checkScriptContent(
  content: string,
  syntax: ScriptSyntaxCheck | undefined,
): string | undefined {
  if (content.trim() === '') return SCRIPT_CONTENT_REQUIRED;
  if (byteLength(content) > SCRIPT_CONTENT_MAX_BYTES) {
    return `Script content must be at most ${SCRIPT_CONTENT_MAX_BYTES / 1024} KB`;
  }
  const reading = readTrackingSnippet(content);
  if (reading.problems.length > 0) return reading.problems[0];
  if (syntax) {
    for (const script of reading.scripts) {
      if (script.kind !== 'inline') continue;
      const problem = syntax(script.code);
      if (problem)
        return `The script is not valid JavaScript (${problem}). ${snippetMessages.hint}`;
    }
  }
  return undefined;
}

/**
 * The spec's one rule ('Tag name is required', trimmed) plus what makes a tag work: an id in its
 * provider's format for gtm, ga4 and facebook, and for custom a text of at most 20 KB that runs
 * exactly as pasted (tracking-snippet.ts: the vendor's snippet or the bare code, https sources,
 * nothing the page would strip) and, where a syntax check is given, parses as JavaScript.
 */
export function checkTrackingTag(
  fields: TrackingTagFields,
  options: { syntax?: ScriptSyntaxCheck } = {},
): TrackingTagCheck {
  const errors: TrackingTagFieldErrors = {};
  const tagName = fields.tagName.trim();
  if (tagName === '') errors.tagName = TAG_NAME_REQUIRED;
  else if (tagName.length > TAG_NAME_MAX_LENGTH) {
    errors.tagName = `Tag name must be at most ${TAG_NAME_MAX_LENGTH} characters`;
  }

  let tagId: string | null = null;
  let scriptContent: string | null = null;
  if (fields.tagType === 'custom') {
    scriptContent = (fields.scriptContent ?? '').trim();
    const problem = checkScriptContent(scriptContent, options.syntax);
    if (problem) errors.scriptContent = problem;
  } else {
    const rule = trackingTagIdRules[fields.tagType];
    const raw = (fields.tagId ?? '').trim();
    tagId = rule.uppercase ? raw.toUpperCase() : raw;
    if (tagId === '') errors.tagId = `${rule.label} is required`;
    else if (tagId.includes('<')) errors.tagId = snippetInIdField(rule.label, rule.placeholder);
    else if (tagId.length > TAG_ID_MAX_LENGTH || !rule.pattern.test(tagId)) {
      errors.tagId = rule.format;
    }
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      tagName,
      tagType: fields.tagType,
      tagId,
      scriptContent,
      isActive: fields.isActive,
      position: fields.position,
    },
  };
}

/** The first problem of a failed check, in the order the form shows its fields. */
export const firstTrackingTagError = (errors: TrackingTagFieldErrors): string =>
  errors.tagName ?? errors.tagId ?? errors.scriptContent ?? 'The tag is not valid';

// ---------------------------------------------------------------------------------------------
// HTTP contract: /api/admin/tracking-tags
// ---------------------------------------------------------------------------------------------

export const adminTrackingTagSchema = z.object({
  id: z.uuid(),
  tagName: z.string(),
  tagType: z.enum(trackingTagTypes),
  tagId: z.string().nullable(),
  scriptContent: z.string().nullable(),
  isActive: z.boolean(),
  position: z.enum(trackingTagPositions),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AdminTrackingTag = z.infer<typeof adminTrackingTagSchema>;

export const adminTrackingTagListResponseSchema = z.object({
  tags: z.array(adminTrackingTagSchema),
});
export type AdminTrackingTagListResponse = z.infer<typeof adminTrackingTagListResponseSchema>;

export const adminTrackingTagResponseSchema = z.object({ tag: adminTrackingTagSchema });
export type AdminTrackingTagResponse = z.infer<typeof adminTrackingTagResponseSchema>;

export const adminTrackingTagParamsSchema = z.object({ id: z.uuid() });

/**
 * The body's shape only; the rules above give the field-level messages (a shape error would
 * only say the request is not valid). Lengths are bounded by the route's body limit.
 */
export const createTrackingTagBodySchema = z
  .object({
    tagName: z.string(),
    tagType: z.enum(trackingTagTypes),
    tagId: z.string().nullish(),
    scriptContent: z.string().nullish(),
    isActive: z.boolean().default(true),
    position: z.enum(trackingTagPositions).default('head'),
  })
  .strict();
export type CreateTrackingTagBody = z.input<typeof createTrackingTagBodySchema>;

/** Only the fields sent change (the list's switch sends `isActive` alone); the result is rechecked. */
export const updateTrackingTagBodySchema = z
  .object({
    tagName: z.string().optional(),
    tagType: z.enum(trackingTagTypes).optional(),
    tagId: z.string().nullish(),
    scriptContent: z.string().nullish(),
    isActive: z.boolean().optional(),
    position: z.enum(trackingTagPositions).optional(),
  })
  .strict();
export type UpdateTrackingTagBody = z.input<typeof updateTrackingTagBodySchema>;
