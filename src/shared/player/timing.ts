import { isDoubtful } from '../studio/doubtful.ts';
import type { TranscriptSegment, TranscriptWord } from '../transcript.ts';

/** A segment may become active this long before its start (spec). */
export const SEGMENT_LEAD_SECONDS = 0.5;
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const SKIP_SECONDS = 10;
export const TEXT_SIZE = { min: 12, max: 24, step: 2, default: 16 } as const;

/** The spec's allowed rates; anything else means 1. */
export function normalizePlaybackRate(rate: unknown): number {
  return typeof rate === 'number' && (PLAYBACK_RATES as readonly number[]).includes(rate)
    ? rate
    : 1;
}

/** Seeks are clamped between 0 and the duration (spec). */
export function clampSeek(time: number, duration: number): number {
  if (!Number.isFinite(time)) return 0;
  const upper = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  return Math.min(Math.max(0, time), upper);
}

export function clampTextSize(size: number): number {
  const stepped = Math.round(size / TEXT_SIZE.step) * TEXT_SIZE.step;
  return Math.min(TEXT_SIZE.max, Math.max(TEXT_SIZE.min, stepped));
}

/**
 * Index of the last item whose start is ≤ time (items sorted by start), or -1. Binary search: the
 * player calls this on every animation frame for transcripts of thousands of words.
 */
export function lastStartingAtOrBefore(starts: ArrayLike<number>, time: number): number {
  let low = 0;
  let high = starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (starts[middle]! <= time) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** The active segment: the last one started, allowing the 0.5 s lead (spec). */
export function activeSegmentIndex(
  segments: readonly Pick<TranscriptSegment, 'start'>[],
  time: number,
): number {
  return lastStartingAtOrBefore(
    segments.map((segment) => segment.start),
    time + SEGMENT_LEAD_SECONDS,
  );
}

/** The active word: the last word started at or before the time, while it has not ended long ago. */
export function activeWordIndex(
  words: readonly { start: number; end: number }[],
  time: number,
  starts: ArrayLike<number> = words.map((word) => word.start),
): number {
  const index = lastStartingAtOrBefore(starts, time);
  if (index < 0) return -1;
  const word = words[index]!;
  // In a pause between sentences no word is active.
  return time <= word.end + 0.25 ? index : -1;
}

/**
 * The word the player lights up at `time`: the active word, unless the aligner doubts its
 * published timing (decision 050). Then no word is lit, only its line (the line's highlight is
 * the segment's own): a word lit where it is not said would teach the learner a wrong sound.
 */
export function highlightedWordIndex(
  words: readonly Pick<TranscriptWord, 'start' | 'end' | 'confidence'>[],
  time: number,
  starts: ArrayLike<number> = words.map((word) => word.start),
): number {
  const index = activeWordIndex(words, time, starts);
  return index >= 0 && isDoubtful(words[index]!.confidence) ? -1 : index;
}

/**
 * Where a click on a word plays from: its start, or for a word whose timing the aligner doubts
 * its line's start, which is known to be right and where the word will be heard (decision 050).
 */
export const wordPlayFrom = (
  word: Pick<TranscriptWord, 'start' | 'confidence'>,
  segment: Pick<TranscriptSegment, 'start'>,
): number => (isDoubtful(word.confidence) ? segment.start : word.start);
