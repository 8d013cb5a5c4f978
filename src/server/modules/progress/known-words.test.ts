import { describe, expect, it } from 'vitest';
import { lookupWord } from '#shared/lexicon/index';
import { countChapterWords, knownShare, runningCoverage } from './known-words.ts';

describe('knownShare', () => {
  it('counts each lemma once, however often the text uses it', () => {
    expect(knownShare(['ser', 'ser', 'ser', 'casa'], new Set(['ser']))).toEqual({
      knownPercentage: 50,
      newWordsCount: 1,
    });
  });

  it('says 100 only when every word is known, rounding down', () => {
    const lemmas = Array.from({ length: 201 }, (_, index) => `l${index}`);
    const allButOne = new Set(lemmas.slice(1));
    expect(knownShare(lemmas, allButOne)).toEqual({ knownPercentage: 99, newWordsCount: 1 });
    expect(knownShare(lemmas, new Set(lemmas))).toEqual({ knownPercentage: 100, newWordsCount: 0 });
  });

  it('knows nothing of a fresh learner, and nothing of a text without common words', () => {
    expect(knownShare(['casa', 'perro'], new Set())).toEqual({
      knownPercentage: 0,
      newWordsCount: 2,
    });
    expect(knownShare([], new Set(['casa']))).toEqual({ knownPercentage: 0, newWordsCount: 0 });
  });

  it('ignores known words the text does not have', () => {
    expect(knownShare(['casa'], new Set(['perro', 'gato']))).toEqual({
      knownPercentage: 0,
      newWordsCount: 1,
    });
  });
});

describe('countChapterWords and runningCoverage', () => {
  const transcript = {
    segments: [
      {
        id: 's1',
        start: 0,
        end: 4,
        text: 'Lucía come pan, come mucho pan.',
        words: ['Lucía', 'come', 'pan', 'come', 'mucho', 'pan'].map((text, i) => ({
          id: `w${i}`,
          text,
          start: i * 0.5,
          end: i * 0.5 + 0.4,
        })),
      },
      {
        id: 's2',
        start: 5,
        end: 8,
        text: 'Tiene 3 cruasanes.',
        words: ['Tiene', '3', 'cruasanes'].map((text, i) => ({
          id: `v${i}`,
          text,
          start: 5 + i * 0.5,
          end: 5 + i * 0.5 + 0.4,
        })),
      },
    ],
  };
  const lemmaOf = (word: string) => lookupWord(word)?.lemma ?? null;

  it('counts each lemma as often as it is said, names and numbers apart', () => {
    expect(countChapterWords(transcript, lemmaOf)).toEqual({
      lemmas: ['comer', 'mucho', 'pan', 'tener'],
      counts: [2, 1, 2, 1],
      runningWords: 9,
      freeWords: 2,
    });
  });

  it('weighs known words by how often they are said, names and numbers known to all', () => {
    const words = countChapterWords(transcript, lemmaOf);
    // Lucía and 3 (2) + comer (2) + pan (2) of 9 running words.
    expect(runningCoverage([words], new Set(['comer', 'pan']))).toBe(66);
    // The distinct share of the same text reads lower: 2 of 4 lemmas.
    expect(knownShare(words.lemmas, new Set(['comer', 'pan'])).knownPercentage).toBe(50);
    expect(runningCoverage([words], new Set(['comer', 'pan', 'mucho', 'tener']))).toBe(88);
    expect(runningCoverage([], new Set(['comer']))).toBe(0);
  });
});
