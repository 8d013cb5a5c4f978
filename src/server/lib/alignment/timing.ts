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

interface Placed {
  starts: number[];
  end: number;
  timing: SentenceTiming;
}

/**
 * `timings[i]` belongs to segment i; a segment without words (null) is given an empty moment where
 * the previous sentence ended.
 */
export function timedTranscript(
  transcript: Transcript,
  timings: readonly (SentenceTiming | null)[],
  duration: number,
): Transcript {
  // Word starts in order, each sentence after the previous one's last word.
  let floor = 0;
  const placed: (Placed | null)[] = transcript.segments.map((segment, index) => {
    const timing = timings[index];
    if (!timing || segment.words.length === 0) return null;
    const starts: number[] = [];
    for (const start of timing.wordStarts) {
      const earliest = starts.length === 0 ? floor : (starts.at(-1) as number) + MIN_WORD_SECONDS;
      starts.push(ms(Math.min(duration, Math.max(earliest, start))));
    }
    const last = starts.at(-1) ?? floor;
    floor = Math.min(duration, ms(last + MIN_WORD_SECONDS));
    return { starts, end: ms(Math.min(duration, Math.max(floor, timing.end))), timing };
  });
  // A sentence that runs into the next one's start ends where the next begins.
  let nextStart = duration;
  for (let i = placed.length - 1; i >= 0; i--) {
    const sentence = placed[i];
    if (!sentence) continue;
    sentence.end = Math.min(sentence.end, nextStart);
    nextStart = sentence.starts[0] ?? nextStart;
  }
  let previousEnd = 0;
  const segments = transcript.segments.map((segment, index) => {
    const sentence = placed[index];
    if (!sentence) {
      return { ...segment, start: previousEnd, end: previousEnd, words: [] };
    }
    const { starts, end, timing } = sentence;
    previousEnd = end;
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
  return { segments };
}
