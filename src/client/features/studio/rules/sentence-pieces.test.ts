import { describe, expect, it } from 'vitest';
import { sentencePieces } from './sentence-pieces';

const words = (...texts: string[]) =>
  texts.map((text, index) => ({ id: `w${index}`, text, start: 0, end: 0 }));

describe('sentencePieces', () => {
  it('cuts the text at its words and keeps everything between them as written', () => {
    const segment = {
      text: '—¿Y tú?  —pregunta Lucía.',
      words: words('Y', 'tú', 'pregunta', 'Lucía'),
    };
    const pieces = sentencePieces(segment);
    expect(pieces).toEqual([
      { text: '—¿', word: null },
      { text: 'Y', word: 0 },
      { text: ' ', word: null },
      { text: 'tú', word: 1 },
      { text: '?  —', word: null },
      { text: 'pregunta', word: 2 },
      { text: ' ', word: null },
      { text: 'Lucía', word: 3 },
      { text: '.', word: null },
    ]);
    expect(pieces.map((piece) => piece.text).join('')).toBe(segment.text);
  });

  it('finds a repeated word at its own place, and leaves a word it cannot find unmarked', () => {
    expect(
      sentencePieces({ text: 'la casa y la calle', words: words('la', 'casa', 'y', 'la', 'calle') })
        .filter((piece) => piece.word !== null)
        .map((piece) => piece.word),
    ).toEqual([0, 1, 2, 3, 4]);
    const odd = sentencePieces({ text: 'Hace sol.', words: words('Hace', 'frío', 'sol') });
    expect(odd).toEqual([
      { text: 'Hace', word: 0 },
      { text: ' ', word: null },
      { text: 'sol', word: 2 },
      { text: '.', word: null },
    ]);
  });
});
