import { describe, expect, it } from 'vitest';
import type { Transcript } from '#shared/transcript';
import { describeSummary, translationSummary } from './translation-summary';

const transcript: Transcript = {
  segments: [
    {
      id: 's1',
      start: 0,
      end: 1,
      text: 'Hola amigo',
      translation: 'Hello friend',
      translationSource: 'machine',
      words: [
        { id: 'w1', text: 'Hola', start: 0, end: 0.5, gloss: 'hello', glossSource: 'machine' },
        { id: 'w2', text: 'amigo', start: 0.5, end: 1, gloss: 'friend', glossSource: 'human' },
      ],
    },
    {
      id: 's2',
      start: 1,
      end: 2,
      text: 'Sí',
      // Written by a person in an uploaded file: no source, nothing to approve.
      translation: 'Yes',
      words: [{ id: 'w3', text: 'Sí', start: 1, end: 2, gloss: '  ' }],
    },
    { id: 's3', start: 2, end: 3, text: 'Bueno', translation: '', words: [] },
  ],
};

describe('translation summary', () => {
  it('counts machine-made, missing and blank translations and glosses', () => {
    expect(translationSummary(transcript)).toEqual({
      segments: 3,
      words: 3,
      segmentsNeedingTranslation: 2,
      wordsNeedingGloss: 2,
    });
  });

  it('says what is left in words', () => {
    expect(describeSummary(translationSummary(transcript))).toBe(
      '2 sentences and 2 words still need an approved translation or gloss',
    );
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
