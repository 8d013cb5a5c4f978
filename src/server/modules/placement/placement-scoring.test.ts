import { describe, expect, it } from 'vitest';
import { lookupWord } from '#shared/lexicon/index';
import { frequencyBands } from './frequency-bands.ts';
import {
  assumedKnownLemmas,
  correctedBandRate,
  falseAlarmRate,
  startingLevel,
} from './placement-scoring.ts';
import { PSEUDO_WORDS } from './pseudo-words.ts';

const pseudo = new Set(['brenar', 'drucho', 'nalcuza', 'bralido']);
const answersOf = (entries: Array<[string, boolean]>) => new Map(entries);

describe('frequency bands', () => {
  it('ranks by chapters using a lemma, then by occurrences, then alphabetically', () => {
    const use = new Map([
      ['casa', { chapters: 2, occurrences: 3 }],
      ['ser', { chapters: 5, occurrences: 40 }],
      ['perro', { chapters: 2, occurrences: 9 }],
      ['gato', { chapters: 1, occurrences: 1 }],
      ['árbol', { chapters: 1, occurrences: 1 }],
      ['agua', { chapters: 1, occurrences: 1 }],
    ]);
    expect(frequencyBands(use, 3)).toEqual([
      ['ser', 'perro'],
      ['casa', 'agua'],
      ['gato', 'árbol'],
    ]);
  });

  it('cuts bands of equal size, the last shorter by the remainder', () => {
    const use = new Map(
      Array.from({ length: 10 }, (_, i) => [`l${i}`, { chapters: 10 - i, occurrences: 1 }]),
    );
    expect(frequencyBands(use, 4).map((band) => band.length)).toEqual([3, 3, 3, 1]);
    expect(frequencyBands(new Map(), 4)).toEqual([]);
  });
});

describe('false alarms', () => {
  it('is the share of made-up words claimed known, 0 when none was shown', () => {
    expect(
      falseAlarmRate(
        answersOf([
          ['brenar', true],
          ['drucho', false],
        ]),
        pseudo,
      ),
    ).toBe(0.5);
    expect(falseAlarmRate(answersOf([['casa', true]]), pseudo)).toBe(0);
  });

  it("corrects a band's hits: saying yes to everything scores nothing", () => {
    const band = ['casa', 'perro', 'gato', 'agua'];
    const allYes = answersOf([...band, ...pseudo].map((word) => [word, true]));
    expect(correctedBandRate(band, allYes, falseAlarmRate(allYes, pseudo))).toBe(0);
    const honest = answersOf([
      ['casa', true],
      ['perro', true],
      ['gato', true],
      ['agua', false],
      ['brenar', true],
      ['drucho', false],
      ['nalcuza', false],
      ['bralido', false],
    ]);
    expect(correctedBandRate(band, honest, falseAlarmRate(honest, pseudo))).toBe(0.5);
    expect(correctedBandRate(['sol'], honest, 0)).toBeNull();
  });
});

describe('assumed known lemmas', () => {
  const bands = [
    ['ser', 'casa', 'perro', 'agua'],
    ['gato', 'árbol', 'mesa', 'río'],
  ];

  it('takes the corrected share of each band, words claimed first, then the most frequent', () => {
    const answers = answersOf([
      ['perro', true],
      ['agua', true],
      ['gato', true],
      ['mesa', false],
      ['brenar', false],
    ]);
    // Band 1: 2 of 2 asked, no false alarm → all four; band 2: 1 of 2 → two, "gato" and the most
    // frequent one not asked ("árbol"), never "mesa", said unknown.
    expect(assumedKnownLemmas(bands, answers, pseudo)).toEqual([
      'perro',
      'agua',
      'ser',
      'casa',
      'gato',
      'árbol',
    ]);
  });

  it('trusts fewer claims after false alarms', () => {
    const answers = answersOf([
      ['ser', true],
      ['casa', true],
      ['perro', true],
      ['agua', true],
      ['brenar', true],
      ['drucho', false],
      ['nalcuza', false],
      ['bralido', false],
    ]);
    // 4 of 4 claimed, 1 of 4 made-up words claimed: 1 − 0.25 → three of the band's four.
    expect(assumedKnownLemmas([bands[0]!], answers, pseudo)).toEqual(['ser', 'casa', 'perro']);
  });

  it('assumes nothing of a band none of whose words was answered, or of a learner who knows none', () => {
    expect(assumedKnownLemmas(bands, answersOf([['ser', false]]), pseudo)).toEqual([]);
    expect(assumedKnownLemmas(bands, new Map(), pseudo)).toEqual([]);
  });
});

describe('starting level', () => {
  it('is the highest level passed with every level below passed', () => {
    expect(
      startingLevel([
        { level: 'Beginner', right: 3, asked: 3 },
        { level: 'Intermediate', right: 2, asked: 3 },
        { level: 'Advanced', right: 1, asked: 3 },
      ]),
    ).toBe('Intermediate');
    expect(
      startingLevel([
        { level: 'Beginner', right: 3, asked: 3 },
        { level: 'Intermediate', right: 3, asked: 3 },
        { level: 'Advanced', right: 2, asked: 3 },
      ]),
    ).toBe('Advanced');
  });

  it('does not count a lucky pass above a failed level, and starts at Beginner otherwise', () => {
    expect(
      startingLevel([
        { level: 'Beginner', right: 1, asked: 3 },
        { level: 'Intermediate', right: 3, asked: 3 },
      ]),
    ).toBe('Beginner');
    expect(startingLevel([])).toBe('Beginner');
  });

  it('passes over a level nothing was asked of', () => {
    expect(
      startingLevel([
        { level: 'Beginner', right: 2, asked: 2 },
        { level: 'Advanced', right: 2, asked: 3 },
      ]),
    ).toBe('Advanced');
  });
});

describe('made-up words', () => {
  it("are none of the lexicon's words, are distinct and lower case", () => {
    for (const word of PSEUDO_WORDS) expect(lookupWord(word), word).toBeNull();
    expect(new Set(PSEUDO_WORDS).size).toBe(PSEUDO_WORDS.length);
    for (const word of PSEUDO_WORDS) expect(word).toBe(word.toLocaleLowerCase('es'));
  });
});
