import type { Transcript } from '#shared/transcript';

const isText = (value: unknown, nonEmpty: boolean): value is string =>
  typeof value === 'string' && (!nonEmpty || value.length > 0);
const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isOptionalText = (value: unknown) => value === undefined || typeof value === 'string';

/**
 * A quick check of the rules of `transcriptSchema` (#shared/transcript) that neither copies nor
 * allocates: zod's parse clones every word, and an hour of speech is 9,000 of them (the render
 * budget is 150 ms). Anything this refuses still goes through the schema itself, which decides;
 * a test checks on random inputs that this never accepts what the schema refuses.
 */
export function looksLikeTranscript(value: unknown): value is Transcript {
  if (typeof value !== 'object' || value === null) return false;
  const segments = (value as { segments?: unknown }).segments;
  if (!Array.isArray(segments)) return false;
  for (const segment of segments as unknown[]) {
    if (typeof segment !== 'object' || segment === null) return false;
    const { id, start, end, text, translation, words } = segment as Record<string, unknown>;
    if (!isText(id, true) || !isTime(start) || !isTime(end) || !isText(text, false)) return false;
    if (!isOptionalText(translation) || !Array.isArray(words)) return false;
    for (const word of words as unknown[]) {
      if (typeof word !== 'object' || word === null) return false;
      const w = word as Record<string, unknown>;
      if (!isText(w.id, true) || !isText(w.text, true) || !isTime(w.start) || !isTime(w.end)) {
        return false;
      }
      if (!isOptionalText(w.gloss)) return false;
    }
  }
  return true;
}
