import { describe, expect, it } from 'vitest';
import { glossChoices, MAX_GLOSS_CHOICES, sameGloss, wordReadings } from './gloss-choices';

describe('wordReadings', () => {
  it('finds the readings only context brings out: pasa is a raisin or a form of pasar', () => {
    expect(wordReadings('pasa').map(({ lemma, pos }) => `${lemma} (${pos})`)).toEqual([
      'pasa (noun)',
      'pasar (verb)',
    ]);
    expect(wordReadings('fue').map((reading) => reading.lemma)).toEqual(['ser', 'ir']);
  });

  it('gives one reading with its senses for an unambiguous word, none for an unknown one', () => {
    expect(wordReadings('mercado')).toEqual([
      { lemma: 'mercado', pos: 'noun', senses: ['market'] },
    ]);
    expect(wordReadings('Zuloaga')).toEqual([]);
  });
});

describe('glossChoices', () => {
  it('offers the senses of every reading, without the gloss judged wrong', () => {
    expect(glossChoices('pasa', 'raisin')).toEqual([
      { gloss: 'to pass', lemma: 'pasar', pos: 'verb' },
      { gloss: 'happen', lemma: 'pasar', pos: 'verb' },
      { gloss: 'spend (time)', lemma: 'pasar', pos: 'verb' },
    ]);
    // Compared as a reader would: case and spaces aside.
    expect(glossChoices('casa', ' House ').map((choice) => choice.gloss)).toEqual([
      'home',
      'to marry (casarse: get married)',
    ]);
  });

  it('offers every sense of a word without a gloss, each once, at most nine', () => {
    const choices = glossChoices('la');
    expect(choices.map((choice) => choice.gloss)).toEqual(['the', 'her', 'it', 'you (formal)']);
    expect(new Set(choices.map((choice) => choice.gloss.toLowerCase())).size).toBe(choices.length);
    expect(glossChoices('Zuloaga')).toEqual([]);
    expect(MAX_GLOSS_CHOICES).toBe(9);
  });

  it('compares glosses without case or surrounding spaces', () => {
    expect(sameGloss(' Market', 'market ')).toBe(true);
    expect(sameGloss('market', 'markets')).toBe(false);
  });
});
