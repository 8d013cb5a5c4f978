import { describe, expect, it } from 'vitest';
import { englishWords, senseStems, stemEnglish } from './english.ts';

describe('stemEnglish', () => {
  it.each([
    ['happen', 'happens', 'happened', 'happening'],
    ['make', 'makes', 'making', 'made'],
    ['stop', 'stops', 'stopped', 'stopping'],
    ['try', 'tries', 'tried', 'try'],
    ['go', 'goes', 'went', 'going'],
    ['be', 'is', 'was', 'been'],
    ['morning', 'mornings', 'morning', 'morning'],
    ['box', 'boxes', 'box', 'box'],
  ])('gives %s and its forms one stem', (...forms) => {
    expect(new Set(forms.map(stemEnglish)).size).toBe(1);
  });

  it('keeps words that only look inflected', () => {
    expect(stemEnglish('bus')).toBe('bus');
    expect(stemEnglish('kiss')).toBe('kiss');
    expect(stemEnglish('red')).toBe('red');
    expect(stemEnglish('thing')).toBe('thing');
  });

  it('tells different words apart', () => {
    expect(stemEnglish('happens')).not.toBe(stemEnglish('raisin'));
    expect(stemEnglish('children')).toBe(stemEnglish('child'));
    expect(stemEnglish('children')).not.toBe(stemEnglish('chill'));
  });
});

describe('englishWords and senseStems', () => {
  it('reads the words of a text without its notes and punctuation', () => {
    expect(englishWords('"Good morning," says the man (politely).')).toEqual([
      'good',
      'morning',
      'says',
      'the',
      'man',
    ]);
    expect(englishWords("It's eight o'clock")).toEqual(["it's", 'eight', "o'clock"]);
  });

  it("drops a sense's leading to, a, an or the, but not its only word", () => {
    expect(senseStems('to look for')).toEqual(['look', 'for']);
    expect(senseStems('to happen')).toEqual(['happen']);
    expect(senseStems('a bit (of)')).toEqual(['bit']);
    expect(senseStems('the')).toEqual(['the']);
    expect(senseStems('(formal)')).toEqual([]);
  });
});
