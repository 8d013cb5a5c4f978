import { describe, expect, it } from 'vitest';
import type { PrefillReport } from '../contracts/studio.ts';
import { prefillSummary } from './prefill-summary.ts';

const report = (overrides: Partial<PrefillReport>): PrefillReport => ({
  providers: ['apertium'],
  sentencesTranslated: [],
  sentencesFromMemory: 0,
  sentencesMissing: 0,
  glossesFilled: 0,
  failures: [],
  ...overrides,
});

describe('prefillSummary', () => {
  it('says which service translated how many sentences, what is missing and the glosses', () => {
    expect(
      prefillSummary(
        report({
          sentencesTranslated: [{ provider: 'apertium', sentences: 12 }],
          sentencesMissing: 3,
          glossesFilled: 140,
        }),
      ),
    ).toEqual({
      status:
        '12 sentences translated by Apertium; 3 still missing. 140 glosses filled from the dictionary.',
      failures: [],
    });
  });

  it('names every service that translated, and the translation memory', () => {
    expect(
      prefillSummary(
        report({
          providers: ['apertium', 'deepl'],
          sentencesTranslated: [
            { provider: 'apertium', sentences: 1 },
            { provider: 'deepl', sentences: 2 },
          ],
          sentencesFromMemory: 4,
          glossesFilled: 1,
        }),
      ).status,
    ).toBe(
      '1 sentence translated by Apertium, 2 by DeepL, 4 from the translation memory; none missing. 1 gloss filled from the dictionary.',
    );
  });

  it('without a service fills glosses only and says which settings add one', () => {
    expect(
      prefillSummary(report({ providers: [], sentencesMissing: 5, glossesFilled: 140 })).status,
    ).toBe(
      'Glosses filled (140). Sentences need a translation service: none is configured on this site — set TRANSLATE_APERTIUM, LIBRETRANSLATE_URL or DEEPL_API_KEY (see docs/operations.md).',
    );
    expect(prefillSummary(report({ providers: [], glossesFilled: 2 })).status).toBe(
      'Glosses filled (2).',
    );
  });

  it('reports each failure as the administrator reads it, and never claims a translation', () => {
    expect(
      prefillSummary(
        report({
          sentencesMissing: 2,
          failures: [
            {
              provider: 'apertium',
              message: 'the translator stopped (signal SIGKILL)',
              sentences: 2,
            },
          ],
        }),
      ),
    ).toEqual({
      status: 'No sentence translated; 2 sentences still missing. No gloss filled.',
      failures: ['Apertium failed: the translator stopped (signal SIGKILL) (2 sentences).'],
    });
  });
});
