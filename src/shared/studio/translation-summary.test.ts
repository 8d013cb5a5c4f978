import { describe, expect, it } from 'vitest';
import type { Transcript } from '../transcript.ts';
import { translationSummary } from './translation-summary.ts';

const word = (text: string, gloss?: string, glossSource?: 'machine' | 'human') => ({
  id: text,
  text,
  start: 0,
  end: 0,
  ...(gloss === undefined ? {} : { gloss }),
  ...(glossSource ? { glossSource } : {}),
});

describe('translationSummary', () => {
  it('counts what is missing or machine-made; a person’s text (or an unmarked one) is done', () => {
    const transcript: Transcript = {
      segments: [
        {
          id: 's1',
          start: 0,
          end: 1,
          text: 'Es lunes.',
          translation: 'It is Monday.',
          words: [word('Es', 'it is'), word('lunes', 'Monday', 'machine')],
        },
        {
          id: 's2',
          start: 1,
          end: 2,
          text: 'Llueve.',
          translation: 'It rains.',
          translationSource: 'machine',
          words: [word('Llueve', '  ')],
        },
        {
          id: 's3',
          start: 2,
          end: 3,
          text: 'Pablo espera.',
          translation: 'Pablo waits.',
          translationSource: 'human',
          words: [word('Pablo', 'Pablo', 'human'), word('espera')],
        },
      ],
    };
    expect(translationSummary(transcript)).toEqual({
      segments: 3,
      words: 5,
      segmentsNeedingTranslation: 1,
      wordsNeedingGloss: 3,
    });
  });

  it('is all zeros for an empty transcript', () => {
    expect(translationSummary({ segments: [] })).toEqual({
      segments: 0,
      words: 0,
      segmentsNeedingTranslation: 0,
      wordsNeedingGloss: 0,
    });
  });
});

describe('translationSummary and names, numbers', () => {
  it('needs no gloss for a name or a number, but a machine gloss on one still waits', () => {
    const transcript: Transcript = {
      segments: [
        {
          id: 's1',
          start: 0,
          end: 1,
          text: 'Ana tiene 3 gatos.',
          translation: 'Ana has 3 cats.',
          words: [word('Ana'), word('tiene', 'has'), word('3'), word('gatos', 'cats', 'machine')],
        },
        {
          id: 's2',
          start: 1,
          end: 2,
          text: 'Ana llega.',
          translation: 'Ana arrives.',
          words: [word('Ana', 'Ana (name)', 'machine'), word('llega', 'arrives')],
        },
      ],
    };
    expect(translationSummary(transcript).wordsNeedingGloss).toBe(2);
  });
});
