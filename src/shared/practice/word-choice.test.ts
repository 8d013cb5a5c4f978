import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../transcript';
import {
  alsoRight,
  chapterNames,
  distractorScore,
  isAskable,
  isName,
  isNumber,
  wordFacts,
  wordFactsAt,
} from './word-choice';

function segment(text: string, words = text.split(' ')): TranscriptSegment {
  return {
    id: 's',
    text,
    start: 0,
    end: words.length,
    words: words.map((word, i) => ({ id: `w${i}`, text: word, start: i, end: i + 0.5 })),
  };
}

describe('names and numbers', () => {
  it('takes a capitalised word inside a sentence for a name, and a known word opening one for a word', () => {
    const s = segment('Ella ve a Rosa. Luego Pablo dice: ¿Vienes?', [
      'Ella',
      've',
      'a',
      'Rosa',
      'Luego',
      'Pablo',
      'dice',
      'Vienes',
    ]);
    expect(isName(s, 0)).toBe(false);
    expect(isName(s, 3)).toBe(true);
    expect(isName(s, 4)).toBe(false);
    expect(isName(s, 5)).toBe(true);
    expect(isName(s, 7)).toBe(false);
    expect(isName(segment('Lucía canta'), 0)).toBe(true);
    // A noun opening a sentence before a capitalised word is part of a name.
    expect(isName(segment('Radio Montaña vuelve'), 0)).toBe(true);
    expect(isName(segment('Radio Montaña vuelve'), 1)).toBe(true);
    expect(isName(segment('Una radio suena'), 1)).toBe(false);
  });

  it('knows a chapter’s names wherever they stand', () => {
    const names = chapterNames([segment('Rosa canta.', ['Rosa', 'canta']), segment('Veo a Rosa')]);
    expect(names).toEqual(new Set(['rosa']));
    expect(isAskable(segment('Rosa canta.', ['Rosa', 'canta']), 0, { names })).toBe(false);
    expect(isAskable(segment('Rosa canta.', ['Rosa', 'canta']), 1, { names })).toBe(true);
  });

  it('tells numbers in digits and words, but not the article "un"', () => {
    expect(isNumber('3')).toBe(true);
    expect(isNumber('1.500')).toBe(true);
    expect(isNumber('veinte')).toBe(true);
    expect(isNumber('un')).toBe(false);
    expect(isNumber('gato')).toBe(false);
    expect(isAskable(segment('tiene veinte años'), 1, { names: new Set() })).toBe(false);
  });

  it('reads a word after a determiner as a noun or adjective only', () => {
    // The lexicon knows tumba only as a form of the verb tumbar: "una tumba" is none of its words.
    expect(isAskable(segment('es una tumba'), 2, { names: new Set() })).toBe(false);
    expect(isAskable(segment('él tumba la silla'), 1, { names: new Set() })).toBe(true);
    expect(wordFactsAt(segment('una casa'), 1).pos).toBe('noun');
  });

  it('asks a word outside the common words only when the learner is learning it', () => {
    const s = segment('come un cruasán');
    expect(isAskable(s, 2, { names: new Set() })).toBe(false);
    expect(isAskable(s, 2, { names: new Set(), focus: new Set(['cruasán']) })).toBe(true);
  });
});

describe('wrong options', () => {
  it('are never the same lemma, a shared sense or the same letters', () => {
    expect(alsoRight(wordFacts('habla'), wordFacts('hablaba'))).toBe(true);
    expect(alsoRight(wordFacts('esta'), wordFacts('está'))).toBe(true);
    expect(alsoRight(wordFacts('casa'), wordFacts('hogar'))).toBe(true);
    expect(alsoRight(wordFacts('casa'), wordFacts('mesa'))).toBe(false);
  });

  it('are of the same kind and about as long, the same ending ranked first', () => {
    const answer = wordFacts('ventana');
    expect(distractorScore(answer, wordFacts('comer'))).toBeNull();
    expect(distractorScore(answer, wordFacts('ventanas'))).toBeNull();
    expect(distractorScore(answer, wordFacts('mesa'))).not.toBeNull();
    expect(distractorScore(answer, wordFacts('cocina'))!).toBeGreaterThan(
      distractorScore(answer, wordFacts('jardín'))!,
    );
    expect(distractorScore(answer, wordFacts('conversación'))).toBeNull();
  });
});
