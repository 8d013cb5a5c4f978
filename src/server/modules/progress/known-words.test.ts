import { describe, expect, it } from 'vitest';
import { knownShare } from './known-words.ts';

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
