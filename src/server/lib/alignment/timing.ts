/**
 * The timed transcript: the engine's times put in order (a sentence never starts before the
 * previous one ends, a word never before the previous word), inside the audio, in milliseconds.
 */
import { isDoubtful } from '#shared/studio/doubtful';
import type { TimingDoubt, Transcript } from '#shared/transcript';

export interface SentenceTiming {
  /** Seconds where each word starts. */
  wordStarts: number[];
  /** Seconds where the sentence's sound ends. */
  end: number;
  wordConfidence: number[];
  /** Why a doubtful word is doubtful (undefined for the others). */
  wordDoubts: (TimingDoubt | undefined)[];
  /** Seconds each word should last at this narrator's pace. */
  expectedSeconds: number[];
  confidence: number;
}

/**
 * A word given less than this share of the time it should take (or under 40 ms) was squeezed
 * between its neighbours: whatever the path cost, its time is not where the recording says it.
 */
const SQUEEZED_SHARE = 0.25;
const SQUEEZED_SECONDS = 0.04;
/** The confidence of a squeezed word: doubtful, and among the first to be looked at. */
const SQUEEZED_CONFIDENCE = 0.2;

/** A word's confidence and doubt, once its final length is known. */
function wordTrust(
  timing: SentenceTiming,
  w: number,
  seconds: number,
): { confidence: number; timingDoubt?: TimingDoubt } {
  const confidence = timing.wordConfidence[w] ?? timing.confidence;
  const expected = timing.expectedSeconds[w] ?? 0;
  if (seconds < Math.max(SQUEEZED_SECONDS, SQUEEZED_SHARE * expected)) {
    return { confidence: Math.min(confidence, SQUEEZED_CONFIDENCE), timingDoubt: 'squeezed' };
  }
  const doubt = timing.wordDoubts[w];
  return isDoubtful(confidence) && doubt ? { confidence, timingDoubt: doubt } : { confidence };
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
      words: segment.words.map((word, w) => {
        const { timingDoubt: _previous, ...rest } = word;
        const wordStart = starts[w] ?? end;
        const wordEnd = starts[w + 1] ?? end;
        return {
          ...rest,
          start: wordStart,
          end: wordEnd,
          ...wordTrust(timing, w, wordEnd - wordStart),
        };
      }),
    };
  });
  return { segments };
}
