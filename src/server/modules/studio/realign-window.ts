import type { TranscriptSegment } from '#shared/transcript';

/** Audio taken around a sentence beyond its own times, when its neighbours leave it no room. */
const SENTENCE_MARGIN_SECONDS = 1;
/** A sentence is never looked for in less audio than this. */
const MIN_WINDOW_SECONDS = 0.5;
/** Nor in more than this (a sentence is seconds long; its neighbours may be far off). */
export const MAX_WINDOW_SECONDS = 300;
/**
 * A sentence that lies between its neighbours is looked for this far around its own times, not in
 * all the room they leave: one sentence's evidence is outweighed by a long tune or silence beside
 * it (the first sentence after an intro was found inside the tune, or refused).
 */
export const SEARCH_MARGIN_SECONDS = 2;

/**
 * Where to look for a sentence aligned again: between the end of the sentence before it and the
 * start of the one after (the aligner keeps sentence boundaries even where it misplaces words),
 * and within SEARCH_MARGIN_SECONDS of its own times when it lies there; or, when the neighbours
 * leave it less room than it takes now, around its own times.
 */
export function realignWindow(
  segments: readonly TranscriptSegment[],
  index: number,
  audioSeconds: number,
): { start: number; end: number } {
  const segment = segments[index]!;
  let start = segments[index - 1]?.end ?? 0;
  let end = segments[index + 1]?.start ?? audioSeconds;
  if (end - start < Math.max(MIN_WINDOW_SECONDS, segment.end - segment.start)) {
    start = segment.start - SENTENCE_MARGIN_SECONDS;
    end = segment.end + SENTENCE_MARGIN_SECONDS;
  } else if (segment.start >= start && segment.end <= end) {
    start = Math.max(start, segment.start - SEARCH_MARGIN_SECONDS);
    end = Math.min(end, segment.end + SEARCH_MARGIN_SECONDS);
  }
  start = Math.min(Math.max(0, start), audioSeconds);
  end = Math.min(audioSeconds, Math.max(end, start), start + MAX_WINDOW_SECONDS);
  return { start, end };
}
