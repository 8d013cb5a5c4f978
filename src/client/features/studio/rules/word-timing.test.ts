import { describe, expect, it } from 'vitest';
import { checkTimedTranscript } from '#shared/studio/check-transcript';
import type { Transcript } from '#shared/transcript';
import {
  LARGE_NUDGE_SECONDS,
  MIN_WORD_SECONDS,
  NUDGE_SECONDS,
  nextWordRef,
  nudgeWordStart,
  placeWordStart,
  previousWordRef,
  setWordStart,
  startBounds,
} from './word-timing';

const word = (id: string, start: number, end: number) => ({ id, text: id, start, end });

/** Two sentences with a pause between them; the second starts before its first word (a lead). */
const transcript: Transcript = {
  segments: [
    {
      id: 's1',
      start: 0.3,
      end: 1.5,
      text: 'a b c',
      words: [word('a', 0.3, 0.7), word('b', 0.7, 1.1), word('c', 1.1, 1.5)],
    },
    {
      id: 's2',
      start: 1.9,
      end: 3,
      text: 'd e',
      words: [word('d', 2, 2.5), word('e', 2.5, 3)],
    },
  ],
};
const DURATION = 3.5;

const starts = (value: Transcript) =>
  value.segments.flatMap((segment) => segment.words.map((item) => item.start));
const spans = (value: Transcript) => value.segments.map((segment) => [segment.start, segment.end]);

/**
 * What saving demands (the shared check the server runs: ordered, words inside their sentence,
 * inside the audio), and what the editor adds: every word at least MIN long.
 */
function expectOrdered(value: Transcript, duration = DURATION) {
  expect(checkTimedTranscript(value, { durationSeconds: duration })).toEqual([]);
  let previousEnd = 0;
  let previousStart = -1;
  for (const segment of value.segments) {
    expect(segment.start).toBeGreaterThanOrEqual(previousEnd);
    expect(segment.end).toBeGreaterThanOrEqual(segment.start);
    for (const item of segment.words) {
      expect(item.start).toBeGreaterThanOrEqual(segment.start);
      expect(item.end).toBeLessThanOrEqual(segment.end);
      expect(item.start).toBeGreaterThan(previousStart);
      expect(item.end - item.start).toBeGreaterThanOrEqual(MIN_WORD_SECONDS - 1e-9);
      previousStart = item.start;
    }
    previousEnd = segment.end;
  }
  expect(previousEnd).toBeLessThanOrEqual(duration);
}

describe('neighbouring words', () => {
  it('walks across sentences in both directions', () => {
    expect(nextWordRef(transcript, { segment: 0, word: 2 })).toEqual({ segment: 1, word: 0 });
    expect(previousWordRef(transcript, { segment: 1, word: 0 })).toEqual({ segment: 0, word: 2 });
    expect(previousWordRef(transcript, { segment: 0, word: 0 })).toBeNull();
    expect(nextWordRef(transcript, { segment: 1, word: 1 })).toBeNull();
  });

  it('skips sentences without words', () => {
    const withEmpty: Transcript = {
      segments: [
        transcript.segments[0]!,
        { id: 'pause', start: 1.6, end: 1.8, text: '', words: [] },
        transcript.segments[1]!,
      ],
    };
    expect(nextWordRef(withEmpty, { segment: 0, word: 2 })).toEqual({ segment: 2, word: 0 });
    expect(previousWordRef(withEmpty, { segment: 2, word: 0 })).toEqual({ segment: 0, word: 2 });
    // …but their start still holds its place.
    expect(startBounds(withEmpty, { segment: 0, word: 2 }, DURATION).max).toBe(1.58);
    expect(startBounds(withEmpty, { segment: 2, word: 0 }, DURATION).min).toBe(1.62);
  });
});

describe('startBounds', () => {
  it('keeps room for a word between the neighbours and stays inside the audio', () => {
    expect(startBounds(transcript, { segment: 0, word: 1 }, DURATION)).toEqual({
      min: 0.32,
      max: 1.08,
    });
    expect(startBounds(transcript, { segment: 0, word: 0 }, DURATION)).toEqual({
      min: 0,
      max: 0.68,
    });
    expect(startBounds(transcript, { segment: 1, word: 1 }, DURATION)).toEqual({
      min: 2.02,
      max: 3.48,
    });
  });
});

describe('setWordStart', () => {
  it('moves the previous word’s end with a shared boundary', () => {
    const result = setWordStart(transcript, { segment: 0, word: 1 }, 0.8, DURATION);
    expect(starts(result)).toEqual([0.3, 0.8, 1.1, 2, 2.5]);
    expect(result.segments[0]!.words[0]!.end).toBe(0.8);
    expect(result.segments[0]!.words[1]!.end).toBe(1.1);
    expect(result.segments[1]).toBe(transcript.segments[1]);
    expectOrdered(result);
  });

  it('stops at the neighbours instead of crossing them', () => {
    const later = setWordStart(transcript, { segment: 0, word: 1 }, 5, DURATION);
    expect(later.segments[0]!.words[1]!.start).toBe(1.08);
    expect(later.segments[0]!.words[1]!.end).toBe(1.1);
    const earlier = setWordStart(transcript, { segment: 0, word: 1 }, -1, DURATION);
    expect(earlier.segments[0]!.words[1]!.start).toBe(0.32);
    expectOrdered(later);
    expectOrdered(earlier);
  });

  it('moves a sentence start that was the first word’s start, and the previous sentence’s end it crosses', () => {
    const first = setWordStart(transcript, { segment: 0, word: 0 }, 0.25, DURATION);
    expect(spans(first)[0]).toEqual([0.25, 1.5]);

    // The second sentence starts 0.1 s before its first word: moving the word later keeps that
    // lead, moving it earlier than the sentence start takes the start along.
    const later = setWordStart(transcript, { segment: 1, word: 0 }, 2.1, DURATION);
    expect(spans(later)[1]).toEqual([1.9, 3]);
    const earlier = setWordStart(transcript, { segment: 1, word: 0 }, 1.4, DURATION);
    expect(spans(earlier)).toEqual([
      [0.3, 1.4],
      [1.4, 3],
    ]);
    expect(earlier.segments[0]!.words[2]).toMatchObject({ start: 1.1, end: 1.4 });
    expectOrdered(first);
    expectOrdered(later);
    expectOrdered(earlier);
  });

  it('makes room after a start moved past its own end, pushing the next sentence’s start', () => {
    const tight: Transcript = {
      segments: [
        { ...transcript.segments[0]!, end: 1.2, words: [word('a', 0.3, 0.7), word('c', 1.1, 1.2)] },
        { ...transcript.segments[1]!, start: 1.2 },
      ],
    };
    const result = setWordStart(tight, { segment: 0, word: 1 }, 1.19, DURATION);
    expect(result.segments[0]!.words[1]).toMatchObject({ start: 1.19, end: 1.21 });
    expect(spans(result)).toEqual([
      [0.3, 1.21],
      [1.21, 3],
    ]);
    expectOrdered(result);
  });

  it('keeps the last word inside the audio', () => {
    const result = setWordStart(transcript, { segment: 1, word: 1 }, 9, DURATION);
    expect(result.segments[1]!.words[1]).toMatchObject({ start: 3.48, end: 3.5 });
    expect(result.segments[1]!.end).toBe(3.5);
    expectOrdered(result);
  });

  it('returns the transcript itself when nothing moves', () => {
    expect(setWordStart(transcript, { segment: 0, word: 1 }, 0.7, DURATION)).toBe(transcript);
    expect(setWordStart(transcript, { segment: 5, word: 0 }, 1, DURATION)).toBe(transcript);
  });

  it('rounds to the millisecond', () => {
    const result = nudgeWordStart(
      transcript,
      { segment: 0, word: 1 },
      0.1 + 0.2 - 0.3 + 0.01,
      DURATION,
    );
    expect(result.segments[0]!.words[1]!.start).toBe(0.71);
  });
});

describe('nudgeWordStart', () => {
  it('moves by the small and the large step', () => {
    const ref = { segment: 0, word: 1 };
    expect(
      nudgeWordStart(transcript, ref, NUDGE_SECONDS, DURATION).segments[0]!.words[1]!.start,
    ).toBe(0.71);
    expect(
      nudgeWordStart(transcript, ref, -LARGE_NUDGE_SECONDS, DURATION).segments[0]!.words[1]!.start,
    ).toBe(0.65);
  });

  it('any walk of nudges and drags leaves a transcript the server accepts', () => {
    // A fixed pseudo-random walk (the same every run): word, step and direction vary.
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    let value = transcript;
    for (let step = 0; step < 400; step += 1) {
      const segment = next() < 0.5 ? 0 : 1;
      const ref = { segment, word: Math.floor(next() * value.segments[segment]!.words.length) };
      value =
        next() < 0.7
          ? nudgeWordStart(value, ref, (next() < 0.5 ? -1 : 1) * LARGE_NUDGE_SECONDS, DURATION)
          : setWordStart(value, ref, next() * DURATION, DURATION);
      expectOrdered(value);
    }
  });

  it('many nudges never break the order', () => {
    let value = transcript;
    for (let step = 0; step < 200; step += 1) {
      value = nudgeWordStart(value, { segment: 1, word: 0 }, -LARGE_NUDGE_SECONDS, DURATION);
      value = nudgeWordStart(value, { segment: 0, word: 2 }, NUDGE_SECONDS, DURATION);
    }
    expectOrdered(value);
  });
});

describe('placeWordStart (tap-along)', () => {
  it('pushes the following words that would start too soon', () => {
    const result = placeWordStart(transcript, { segment: 0, word: 1 }, 2.2, DURATION);
    expect(starts(result)).toEqual([0.3, 2.2, 2.22, 2.24, 2.5]);
    expect(result.segments[0]!.words[0]!.end).toBe(2.2);
    expectOrdered(result);
  });

  it('still fits every word when the push runs to the end of the audio', () => {
    const result = placeWordStart(transcript, { segment: 0, word: 0 }, 3.49, DURATION);
    expect(starts(result)).toEqual([3.4, 3.42, 3.44, 3.46, 3.48]);
    expectOrdered(result);
  });

  it('is held back only by the previous word', () => {
    const result = placeWordStart(transcript, { segment: 0, word: 2 }, 0.1, DURATION);
    expect(result.segments[0]!.words[2]!.start).toBe(0.72);
    expectOrdered(result);
  });
});
