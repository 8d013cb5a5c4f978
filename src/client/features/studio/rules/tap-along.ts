import type { Transcript } from '#shared/transcript';
import { clearWordDoubt } from './doubtful';
import { nextWordRef, placeWordStart, type WordRef } from './word-timing';

/** Tap-along starts the audio this long before the sentence, so the first tap is not rushed. */
export const TAP_LEAD_SECONDS = 1;

/** Where tap-along from a sentence starts playing, and the first word a tap will place. */
export function tapAlongStart(
  transcript: Transcript,
  segmentIndex: number,
): { from: number; next: WordRef } | null {
  for (let index = segmentIndex; index < transcript.segments.length; index += 1) {
    const segment = transcript.segments[index]!;
    if (segment.words.length > 0) {
      return {
        from: Math.max(0, segment.start - TAP_LEAD_SECONDS),
        next: { segment: index, word: 0 },
      };
    }
  }
  return null;
}

/**
 * One tap at `seconds` of playback: the awaited word starts there (later words pushed if they
 * would start too soon, see placeWordStart; its doubt cleared, a person placed it), and the
 * following word, in this sentence or the next, is awaited; null after the chapter's last word.
 */
export function applyTap(
  transcript: Transcript,
  awaited: WordRef,
  seconds: number,
  durationSeconds: number,
): { transcript: Transcript; next: WordRef | null } {
  const placed = clearWordDoubt(
    placeWordStart(transcript, awaited, seconds, durationSeconds),
    awaited,
  );
  return { transcript: placed, next: nextWordRef(placed, awaited) };
}
