import type { TranscriptSegment } from '../transcript.ts';

/**
 * Where each word of a line stands in the line's text. Transcripts keep a line's punctuation in
 * its text and may or may not keep it in the words ("—¿Es suyo este paraguas? —pregunta." has the
 * words "Es" … "pregunta"), so exercises find each word in the text to show the line exactly as
 * written and to know where a sentence starts.
 */
export interface LineLayout {
  text: string;
  /** Per word: its first and one-past-last character in `text`, the punctuation-free core. */
  spans: Array<{ start: number; end: number }>;
}

const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

const layouts = new WeakMap<TranscriptSegment, LineLayout>();

export function lineLayout(segment: TranscriptSegment): LineLayout {
  const cached = layouts.get(segment);
  if (cached) return cached;
  const layout = locate(segment.text, segment.words) ?? joined(segment);
  layouts.set(segment, layout);
  return layout;
}

/** Each word found in the text in order, or null when one is not there (a text edited apart). */
function locate(text: string, words: TranscriptSegment['words']): LineLayout | null {
  const spans: LineLayout['spans'] = [];
  let cursor = 0;
  for (const word of words) {
    const core = word.text.replace(EDGE_PUNCTUATION, '') || word.text;
    const at = text.indexOf(core, cursor);
    if (at === -1) return null;
    spans.push({ start: at, end: at + core.length });
    cursor = at + core.length;
  }
  return { text, spans };
}

/** The words joined by spaces, when the text does not hold them. */
function joined(segment: TranscriptSegment): LineLayout {
  return locate(segment.words.map((word) => word.text).join(' '), segment.words)!;
}

/** Whether a sentence starts at word `index`: first in the line, or after . ! ? … : or before ¿ ¡ « — */
export function startsSentence(segment: TranscriptSegment, index: number): boolean {
  if (index === 0) return true;
  const { text, spans } = lineLayout(segment);
  const between = text.slice(spans[index - 1]!.end, spans[index]!.start);
  return /[.!?…:¿¡«"“—]/u.test(between);
}
