import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeSegmentIndex,
  activeWordIndex,
  clampSeek,
  clampTextSize,
  highlightedWordIndex,
  lastStartingAtOrBefore,
  normalizePlaybackRate,
  wordPlayFrom,
} from './timing.ts';
import { DOUBTFUL_CONFIDENCE } from '../contracts/studio.ts';

describe('active segment', () => {
  const segments = [{ start: 0 }, { start: 4 }, { start: 9 }];

  it('follows the time', () => {
    expect(activeSegmentIndex(segments, 0)).toBe(0);
    expect(activeSegmentIndex(segments, 5)).toBe(1);
    expect(activeSegmentIndex(segments, 100)).toBe(2);
  });

  it('activates up to 0.5 s before a segment starts', () => {
    expect(activeSegmentIndex(segments, 3.49)).toBe(0);
    expect(activeSegmentIndex(segments, 3.5)).toBe(1);
  });
});

describe('active word', () => {
  const words = [
    { start: 0.3, end: 0.6 },
    { start: 0.6, end: 1.0 },
    { start: 2.5, end: 3.0 },
  ];

  it('is the last word started', () => {
    expect(activeWordIndex(words, 0.1)).toBe(-1);
    expect(activeWordIndex(words, 0.3)).toBe(0);
    expect(activeWordIndex(words, 0.7)).toBe(1);
    expect(activeWordIndex(words, 2.9)).toBe(2);
  });

  it('is none in a pause', () => {
    expect(activeWordIndex(words, 1.8)).toBe(-1);
  });

  it('agrees with a linear scan (binary search)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.float({ min: 0, max: 1000, noNaN: true })),
        fc.float({ min: -1, max: 1001, noNaN: true }),
        (raw, time) => {
          const starts = [...raw].sort((a, b) => a - b);
          let expected = -1;
          starts.forEach((start, index) => {
            if (start <= time) expected = index;
          });
          expect(lastStartingAtOrBefore(starts, time)).toBe(expected);
        },
      ),
    );
  });
});

describe('a word whose published timing is doubtful (decision 050)', () => {
  const doubtful = DOUBTFUL_CONFIDENCE - 0.2;
  const words = [
    { start: 0.3, end: 0.6, confidence: 0.9 },
    { start: 0.6, end: 1.0, confidence: doubtful },
    { start: 1.0, end: 1.4 },
    { start: 1.4, end: 1.8, confidence: DOUBTFUL_CONFIDENCE },
  ];

  it('is not highlighted while it is said: only its line is', () => {
    expect(activeWordIndex(words, 0.7)).toBe(1);
    expect(highlightedWordIndex(words, 0.7)).toBe(-1);
  });

  it('leaves the words around it highlighted as before', () => {
    expect(highlightedWordIndex(words, 0.4)).toBe(0);
    expect(highlightedWordIndex(words, 1.1)).toBe(2);
    // At the threshold a timing is no longer doubtful.
    expect(highlightedWordIndex(words, 1.5)).toBe(3);
    expect(highlightedWordIndex(words, 0.1)).toBe(-1);
  });

  it('plays from its line’s start when clicked; any other word from its own', () => {
    const line = { start: 0.25 };
    expect(wordPlayFrom(words[1]!, line)).toBe(0.25);
    expect(wordPlayFrom(words[0]!, line)).toBe(0.3);
    expect(wordPlayFrom(words[2]!, line)).toBe(1.0);
  });
});

describe('player rules', () => {
  it.each([
    [0.5, 0.5],
    [1.75, 1.75],
    [2, 2],
    [3, 1],
    [0.6, 1],
    ['2', 1],
    [undefined, 1],
  ])('playback rate %s → %s', (input, expected) => {
    expect(normalizePlaybackRate(input)).toBe(expected);
  });

  it('clamps seeks to [0, duration]', () => {
    expect(clampSeek(-3, 60)).toBe(0);
    expect(clampSeek(30, 60)).toBe(30);
    expect(clampSeek(90, 60)).toBe(60);
    expect(clampSeek(Number.NaN, 60)).toBe(0);
    expect(clampSeek(90, Number.NaN)).toBe(90);
  });

  it('keeps text size within 12–24 in steps of 2', () => {
    expect(clampTextSize(10)).toBe(12);
    expect(clampTextSize(17)).toBe(18);
    expect(clampTextSize(30)).toBe(24);
  });
});
