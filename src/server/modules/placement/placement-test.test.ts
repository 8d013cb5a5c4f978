import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '#shared/practice/random';
import { transcriptSchema } from '#shared/transcript';
import {
  isContentLemma,
  placementClozeItems,
  PSEUDO_WORDS_PER_TEST,
  WORDS_PER_BAND,
  wordSample,
} from './placement-test.ts';
import { PSEUDO_WORDS } from './pseudo-words.ts';

const chapter = transcriptSchema.parse(
  JSON.parse(
    readFileSync(
      path.resolve(
        import.meta.dirname,
        '../../../../content/generated/la-panaderia-de-la-calle-luna/chapter-1.json',
      ),
      'utf8',
    ),
  ),
);
const chapterId = '00000000-0000-4000-8000-000000000001';

describe('placement cloze items', () => {
  const items = placementClozeItems(
    chapterId,
    { segments: chapter.segments, level: 'Beginner' },
    'seed',
  );

  it("are the practice generator's cloze items with four options per blank, without answers", () => {
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.id.startsWith(`${chapterId}:cloze:`)).toBe(true);
      expect(item.chapterId).toBe(chapterId);
      expect(item.blanks.length).toBeGreaterThan(0);
      for (const blank of item.blanks) {
        expect(blank.options).toHaveLength(4);
        expect(Object.keys(blank)).toEqual(['wordId', 'options']);
        // The blanked word is among the options.
        const segment = chapter.segments.find((s) => s.id === item.segmentId)!;
        const word = segment.words.find((w) => w.id === blank.wordId)!;
        expect(blank.options).toContain(word.text.replace(/[^\p{L}]+$/u, ''));
      }
      expect(item.clip.endSeconds).toBeGreaterThan(item.clip.startSeconds);
    }
  });

  it('are the same for the same seed', () => {
    expect(
      placementClozeItems(chapterId, { segments: chapter.segments, level: 'Beginner' }, 'seed'),
    ).toEqual(items);
  });
});

describe('word sample', () => {
  const bands = [
    ['ser', 'de', 'casa', 'comer', 'grande', 'perro', 'agua', 'vivir', 'bien', 'pan'],
    ['gato', 'árbol', 'mesa', 'río', 'correr', 'azul', 'leche', 'calle'],
  ];

  it('shows up to six content words per band and eight made-up words, shuffled', () => {
    const sample = wordSample(bands, PSEUDO_WORDS, seededRandom('a'));
    const fromBand = (band: string[]) => sample.filter((word) => band.includes(word));
    expect(fromBand(bands[0]!)).toHaveLength(WORDS_PER_BAND);
    expect(fromBand(bands[1]!)).toHaveLength(WORDS_PER_BAND);
    expect(sample.filter((word) => PSEUDO_WORDS.includes(word))).toHaveLength(
      PSEUDO_WORDS_PER_TEST,
    );
    expect(sample).not.toContain('de');
    expect(new Set(sample).size).toBe(sample.length);
    expect(wordSample(bands, PSEUDO_WORDS, seededRandom('b'))).not.toEqual(sample);
  });

  it('asks only words a learner can know alone', () => {
    expect(isContentLemma('casa')).toBe(true);
    expect(isContentLemma('comer')).toBe(true);
    expect(isContentLemma('de')).toBe(false);
    expect(isContentLemma('el')).toBe(false);
  });
});
