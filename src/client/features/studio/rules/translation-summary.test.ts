import { describe, expect, it } from 'vitest';
import { describeSummary } from './translation-summary';

describe('describeSummary', () => {
  it('says what is left in words', () => {
    expect(
      describeSummary({
        segments: 9,
        words: 80,
        segmentsNeedingTranslation: 2,
        wordsNeedingGloss: 1200,
      }),
    ).toBe('2 sentences and 1,200 words still need an approved translation or gloss');
    expect(
      describeSummary({
        segments: 1,
        words: 1,
        segmentsNeedingTranslation: 1,
        wordsNeedingGloss: 0,
      }),
    ).toBe('1 sentence and 0 words still need an approved translation or gloss');
    expect(
      describeSummary({
        segments: 1,
        words: 1,
        segmentsNeedingTranslation: 0,
        wordsNeedingGloss: 0,
      }),
    ).toBe('Every translation and gloss is approved');
  });
});
