import { describe, expect, it } from 'vitest';
import { hasWords, tokenizeWords } from './words.ts';

describe('tokenizeWords', () => {
  it('keeps letters, digits and inner apostrophes or hyphens; leaves punctuation out', () => {
    expect(
      tokenizeWords('—¿Dónde está el hispano-árabe d’Artagnan, nº 1984?').map((t) => t.text),
    ).toEqual(['Dónde', 'está', 'el', 'hispano-árabe', 'd’Artagnan', 'nº', '1984']);
  });

  it('tells where each word is in the text', () => {
    const text = '¡Hola, Ana!';
    expect(tokenizeWords(text)).toEqual([
      { text: 'Hola', start: 1, end: 5 },
      { text: 'Ana', start: 7, end: 10 },
    ]);
  });

  it('finds no word in punctuation alone', () => {
    expect(tokenizeWords('— … * * * ¡!')).toEqual([]);
    expect(hasWords('— … * * *')).toBe(false);
    expect(hasWords('… y')).toBe(true);
  });
});
