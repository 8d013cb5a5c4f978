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

  it('keeps a number, a time or an ordinal one word, as written', () => {
    const words = (text: string) => tokenizeWords(text).map((t) => t.text);
    expect(words('Cuesta 15.000 euros, 1.000.000 de pesetas o 3,5 sueldos.')).toEqual([
      'Cuesta',
      '15.000',
      'euros',
      '1.000.000',
      'de',
      'pesetas',
      'o',
      '3,5',
      'sueldos',
    ]);
    expect(words('A las 9:30, a las 10:45:30 y a las 21:00h.')).toEqual([
      'A',
      'las',
      '9:30',
      'a',
      'las',
      '10:45:30',
      'y',
      'a',
      'las',
      '21:00h',
    ]);
    expect(words('El 1.º, la 1.ª, el 2º, la 3ª, el 1.er día, los 3.os, las 2.as.')).toEqual([
      'El',
      '1.º',
      'la',
      '1.ª',
      'el',
      '2º',
      'la',
      '3ª',
      'el',
      '1.er',
      'día',
      'los',
      '3.os',
      'las',
      '2.as',
    ]);
  });

  it('leaves punctuation after a number out of it', () => {
    expect(tokenizeWords('Tengo 3. Luego, 15.000.')).toEqual([
      { text: 'Tengo', start: 0, end: 5 },
      { text: '3', start: 6, end: 7 },
      { text: 'Luego', start: 9, end: 14 },
      { text: '15.000', start: 16, end: 22 },
    ]);
    expect(tokenizeWords('3... 4, 5: 6.º. 7:').map((t) => t.text)).toEqual([
      '3',
      '4',
      '5',
      '6.º',
      '7',
    ]);
    // A separator between a letter and a digit, or a period before other letters, is punctuation.
    expect(tokenizeWords('Cap.3 y a:1, el 2.ºA, el 3.era').map((t) => t.text)).toEqual([
      'Cap',
      '3',
      'y',
      'a',
      '1',
      'el',
      '2',
      'ºA',
      'el',
      '3',
      'era',
    ]);
  });

  it('finds no word in punctuation alone', () => {
    expect(tokenizeWords('— … * * * ¡!')).toEqual([]);
    expect(hasWords('— … * * *')).toBe(false);
    expect(hasWords('… y')).toBe(true);
  });
});
