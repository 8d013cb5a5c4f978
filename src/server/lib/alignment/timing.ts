/**
 * The timed transcript: the engine's times put in order (a sentence never starts before the
 * previous one ends, a word never before the previous word), inside the audio, in milliseconds.
 */
import type { Transcript } from '#shared/transcript';

export interface SentenceTiming {
  /** Seconds where each word starts. */
  wordStarts: number[];
  /** Seconds where the sentence's sound ends. */
  end: number;
  wordConfidence: number[];
  confidence: number;
}

/** Shortest time given to a word squeezed between its neighbours. */
const MIN_WORD_SECONDS = 0.01;

const ms = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/**
 * `timings[i]` belongs to segment i; a segment without words (null) is given an empty moment where
 * the previous sentence ended.
 */
export function timedTranscript(
  transcript: Transcript,
  timings: readonly (SentenceTiming | null)[],
  duration: number,
): Transcript {
  let floor = 0;
  const segments = transcript.segments.map((segment, index) => {
    const timing = timings[index];
    if (!timing || segment.words.length === 0) {
      const at = ms(Math.min(floor, duration));
      return { ...segment, start: at, end: at, words: [] };
    }
    const starts: number[] = [];
    for (const start of timing.wordStarts) {
      const earliest = starts.length === 0 ? floor : (starts.at(-1) as number) + MIN_WORD_SECONDS;
      starts.push(ms(Math.min(duration, Math.max(earliest, start))));
    }
    const last = starts.at(-1) ?? floor;
    const end = ms(Math.min(duration, Math.max(last + MIN_WORD_SECONDS, timing.end)));
    floor = Math.min(end, ms(last + MIN_WORD_SECONDS));
    return {
      ...segment,
      start: starts[0] ?? end,
      end,
      confidence: timing.confidence,
      words: segment.words.map((word, w) => ({
        ...word,
        start: starts[w] ?? end,
        end: starts[w + 1] ?? end,
        confidence: timing.wordConfidence[w] ?? timing.confidence,
      })),
    };
  });
  // A sentence that ran into the next one's start ends where the next begins.
  for (let i = 0; i + 1 < segments.length; i++) {
    const current = segments[i];
    const next = segments[i + 1];
    if (current && next && current.end > next.start && next.words.length > 0) {
      current.end = Math.max(current.start, next.start);
      const lastWord = current.words.at(-1);
      if (lastWord) lastWord.end = current.end;
    }
  }
  return { segments };
}
