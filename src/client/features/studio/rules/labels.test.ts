import { describe, expect, it } from 'vitest';
import { formatConfidence, formatTimestamp, wordLabels } from './labels';

describe('formatTimestamp', () => {
  it('writes minutes, seconds and milliseconds, and hours when there are any', () => {
    expect(formatTimestamp(0)).toBe('0:00.000');
    expect(formatTimestamp(75.5)).toBe('1:15.500');
    expect(formatTimestamp(2.0004)).toBe('0:02.000');
    expect(formatTimestamp(59.9996)).toBe('1:00.000');
    expect(formatTimestamp(3725.25)).toBe('1:02:05.250');
    expect(formatTimestamp(-1)).toBe('0:00.000');
  });
});

describe('wordLabels', () => {
  it('numbers the repeats of a word within a sentence', () => {
    expect(wordLabels([{ text: 'la' }, { text: 'casa' }, { text: 'la' }, { text: 'La' }])).toEqual([
      'la',
      'casa',
      'la (2)',
      'La',
    ]);
  });
});

describe('formatConfidence', () => {
  it('is a whole percent', () => {
    expect(formatConfidence(0.424)).toBe('42%');
  });
});
