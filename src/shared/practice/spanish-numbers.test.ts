import { describe, expect, it } from 'vitest';
import { numberOfDigits, numberOfWords } from './spanish-numbers';

describe('numberOfWords', () => {
  it.each([
    ['cero', 0],
    ['uno', 1],
    ['quince', 15],
    ['veintitres', 23],
    ['treinta y dos', 32],
    ['cien', 100],
    ['ciento uno', 101],
    ['doscientas cincuenta', 250],
    ['mil', 1000],
    ['dos mil veinte', 2020],
    ['mil novecientos noventa y nueve', 1999],
    ['quinientos mil', 500000],
  ])('%s → %i', (words, value) => {
    expect(numberOfWords(words.split(' '))).toBe(value);
  });

  it.each([['y'], ['treinta y'], ['cien dos'], ['ciento'], ['uno mil'], ['dos y tres'], ['gato']])(
    '%s is not a number',
    (words) => {
      expect(numberOfWords(words.split(' '))).toBeNull();
    },
  );
});

describe('numberOfDigits', () => {
  it('reads Spanish digits', () => {
    expect(numberOfDigits('3')).toBe(3);
    expect(numberOfDigits('1.500')).toBe(1500);
    expect(numberOfDigits('2,5')).toBe(2.5);
    expect(numberOfDigits('3a')).toBeNull();
    expect(numberOfDigits('1.50')).toBeNull();
  });
});
