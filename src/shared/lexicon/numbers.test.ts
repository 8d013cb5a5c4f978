import { describe, expect, it } from 'vitest';
import { englishOfWord, isTopWord, lookupWord } from './index.ts';
import { numberGloss } from './numbers.ts';

describe('numberGloss', () => {
  it.each([
    ['15.000', '15,000'],
    ['1.000.000', '1,000,000'],
    ['3,5', '3.5'],
    ['0,75', '0.75'],
    ['1.234,56', '1,234.56'],
    ['1984', '1984'],
    ['3', '3'],
    ['3.5', '3.5'],
  ])('writes the number %s as English does: %s', (spanish, english) => {
    expect(numberGloss(spanish)).toBe(english);
  });

  it.each([
    ['9:30', '9:30'],
    ['21:05', '21:05'],
    ['10:45:30', '10:45:30'],
    ['0:00', '0:00'],
  ])('keeps the time %s', (spanish, english) => {
    expect(numberGloss(spanish)).toBe(english);
  });

  it.each([
    ['1.º', '1st'],
    ['1.ª', '1st'],
    ['2.ª', '2nd'],
    ['2º', '2nd'],
    ['3ª', '3rd'],
    ['1.er', '1st'],
    ['1er', '1st'],
    ['3.os', '3rd'],
    ['4.as', '4th'],
    ['11.º', '11th'],
    ['12.ª', '12th'],
    ['13.º', '13th'],
    ['21.º', '21st'],
    ['22.ª', '22nd'],
    ['103.º', '103rd'],
    ['111.º', '111th'],
  ])('gives the ordinal %s its English form %s', (spanish, english) => {
    expect(numberGloss(spanish)).toBe(english);
  });

  it.each(['casa', '', '3:1', '25:00', '9:75', '1.2.3', '15.00.0', '1,2,3', '2a', 'nº', '1.ºA'])(
    'knows no number in "%s"',
    (text) => {
      expect(numberGloss(text)).toBeNull();
    },
  );
});

describe('englishOfWord', () => {
  it('answers a number with its English form and a word with the lexicon’s senses', () => {
    expect(englishOfWord('15.000')).toBe('15,000');
    expect(englishOfWord('2.ª')).toBe('2nd');
    expect(englishOfWord('casa')).toBe(lookupWord('casa')?.en);
    expect(englishOfWord('Zaragozano')).toBeUndefined();
  });

  it('never reads the letters of a number as a word (3.os is no pronoun "os")', () => {
    for (const word of ['3.os', '2a', '1o', '15.000']) {
      expect(lookupWord(word)).toBeNull();
      expect(isTopWord(word)).toBe(false);
    }
    expect(englishOfWord('3.os')).toBe('3rd');
  });
});
