import { describe, expect, it } from 'vitest';
import { appearsIn, glossInContext, sensesOf, translationStems } from './gloss-in-context.ts';
import { glossText } from './gloss.ts';

/** The glossText token of `word` in `sentence`, as the studio's prefill reads it. */
const wordIn = (sentence: string, word: string) => {
  const token = glossText(sentence).tokens.find((candidate) => candidate.text === word);
  if (!token) throw new Error(`${word} is not a word of ${sentence}`);
  return token;
};

/** A sentence's translation as a person wrote it. */
const byPerson = (translation: string) => ({ translation, translatedBy: 'person' as const });
const byMachine = (translation: string) => ({ translation, translatedBy: 'machine' as const });

describe('glossInContext', () => {
  it('chooses the sense the translation shows, among every reading of the word', () => {
    const pasa = wordIn('¿Qué pasa?', 'pasa');
    expect(glossInContext(pasa, byPerson('What is happening?'))).toBe('to happen');
    expect(glossInContext(pasa, byPerson('What happened?'))).toBe('to happen');
  });

  it("keeps the likeliest reading's first sense without a translation or a match", () => {
    const pasa = wordIn('¿Qué pasa?', 'pasa');
    expect(glossInContext(pasa)).toBe('raisin');
    expect(glossInContext(pasa, byPerson('Who is there?'))).toBe('raisin');
  });

  it('finds a later sense of the same reading and a rarer reading', () => {
    expect(
      glossInContext(wordIn('Pablo toca el violín.', 'toca'), byPerson('Pablo plays the violin.')),
    ).toBe('to play (music)');
    expect(glossInContext(wordIn('Ella fue a casa.', 'fue'), byPerson('She went home.'))).toBe(
      'to go',
    );
    expect(glossInContext(wordIn('Ella fue a casa.', 'fue'), byPerson('She was at home.'))).toBe(
      'to be',
    );
  });

  it("else takes the sense that glosses approved for the lemma's other forms show", () => {
    const toca = wordIn('Pablo toca.', 'toca');
    expect(glossInContext(toca, { approvedForLemma: ['touched', 'played'] })).toBe('to touch');
    expect(
      glossInContext(toca, {
        ...byPerson('Pablo is here.'),
        approvedForLemma: ['she plays', 'touched'],
      }),
    ).toBe('to play (music)');
    // The translation decides first.
    expect(
      glossInContext(toca, { ...byPerson('Pablo touches it.'), approvedForLemma: ['she plays'] }),
    ).toBe('to touch');
  });

  it('lets a machine translation choose the reading, never the sense within the likeliest one', () => {
    // Another reading shown: taken ("pasa" as pasar, not "raisin").
    expect(glossInContext(wordIn('¿Qué pasa?', 'pasa'), byMachine('What happens?'))).toBe(
      'to happen',
    );
    // A later sense of the likeliest reading shown: the lexicon's first sense stands.
    const toca = wordIn('Pablo toca el violín.', 'toca');
    expect(glossInContext(toca, byMachine('Pablo plays the violin.'))).toBe('to touch');
    expect(glossInContext(toca, byPerson('Pablo plays the violin.'))).toBe('to play (music)');
  });

  it('needs the words of a sense together and in order', () => {
    expect(appearsIn('to look for', translationStems('He is looking for bread.'))).toBe(true);
    expect(appearsIn('to look for', translationStems('He looks at the shop for bread.'))).toBe(
      false,
    );
    expect(appearsIn('to look for', translationStems('For what does he look?'))).toBe(false);
    expect(glossInContext(wordIn('Busca pan.', 'Busca'), byPerson('He fetches bread.'))).toBe(
      'to fetch',
    );
  });

  it('knows nothing of a word the lexicon does not know', () => {
    expect(glossInContext({ text: 'Lucía' }, byPerson('Lucía is here.'))).toBeUndefined();
    expect(glossInContext({ text: '15.000' }, byPerson('15,000 people'))).toBeUndefined();
  });
});

describe('sensesOf', () => {
  it("lists the sentence's reading first and gives a verb's later senses their 'to'", () => {
    expect(sensesOf(wordIn('¿Qué pasa?', 'pasa'))).toEqual([
      { sense: 'raisin', pos: 'noun', reading: 0 },
      { sense: 'to pass', pos: 'verb', reading: 1 },
      { sense: 'to happen', pos: 'verb', reading: 1 },
      { sense: 'to spend (time)', pos: 'verb', reading: 1 },
    ]);
  });
});
