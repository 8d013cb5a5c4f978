import { describe, expect, it } from 'vitest';
import {
  judgeStart,
  plannedMoves,
  sameGloss,
  sameTranslation,
  senseFor,
  trueWordStarts,
} from './judge.ts';

describe('what the making run keeps of a proposal', () => {
  it('keeps a translation only when it is the author’s own (spacing aside)', () => {
    expect(sameTranslation(' But there  was a radio. ', 'But there was a radio.')).toBe(true);
    expect(sameTranslation('But there was a radio.', 'But there was a radio station.')).toBe(false);
  });

  it('keeps a gloss that says what the author’s says, not another sense', () => {
    expect(sameGloss('to arrive', 'arrived')).toBe(true);
    expect(sameGloss('pupil', 'pupils')).toBe(true);
    expect(sameGloss('raisin', 'happens')).toBe(false);
    expect(sameGloss('', 'house')).toBe(false);
  });

  it('picks the offered sense that is the author’s gloss, the same text first', () => {
    expect(senseFor(['box', 'case', 'cash desk'], 'case')).toBe(1);
    expect(senseFor(['to pass', 'to happen'], 'it happens')).toBe(1);
    expect(senseFor(['program', 'programme'], 'programme')).toBe(1);
    expect(senseFor(['record', 'disc'], 'albums')).toBeNull();
  });
});

describe('when each written word was said', () => {
  const truth = (wordStarts: number[]) => ({ start: wordStarts[0]!, end: 9, wordStarts });

  it('takes the times in order when the text was read as written', () => {
    expect(trueWordStarts('Hola, Ana.', 'Hola, Ana.', truth([1, 1.5]))).toEqual([1, 1.5]);
  });

  it('leaves out a word added by the narrator and gives a skipped word no time', () => {
    // «Necesito solo una semana.» for «Necesito una semana.»
    expect(
      trueWordStarts('Necesito una semana.', 'Necesito solo una semana.', truth([1, 2, 3, 4])),
    ).toEqual([1, 3, 4]);
    // «… salió clara.» for «… salió clara y fuerte.»
    expect(trueWordStarts('Salió clara y fuerte.', 'Salió clara.', truth([1, 2]))).toEqual([
      1,
      2,
      null,
      null,
    ]);
  });

  it('gives a word said otherwise, or a number said in words, the start of what was said in its place', () => {
    expect(trueWordStarts('¡Nadie come, hijo!', '¡Nadie come, mijo!', truth([1, 2, 3]))).toEqual([
      1, 2, 3,
    ]);
    expect(
      trueWordStarts(
        'A las 9:30 en punto.',
        'A las nueve treinta en punto.',
        truth([1, 2, 3, 4, 5, 6]),
      ),
    ).toEqual([1, 2, 3, 5, 6]);
    expect(
      trueWordStarts(
        'Vivo a 3,5 kilómetros del pueblo.',
        'Vivo a tres kilómetros y medio del pueblo.',
        truth([1, 2, 3, 4, 5, 6, 7, 8]),
      ),
    ).toEqual([1, 2, 3, 4, 7, 8]);
  });

  it('refuses a timing file that does not match what was said', () => {
    expect(() => trueWordStarts('Hola, Ana.', 'Hola, Ana.', truth([1]))).toThrow(/1 word starts/);
  });
});

describe('judging an aligned start', () => {
  it('is right within 60 ms of when the word was said, and cannot be judged when it was not', () => {
    expect(judgeStart(1.05, 1)).toMatchObject({ verdict: 'right' });
    expect(judgeStart(0.93, 1)).toEqual({ verdict: 'wrong', off: expect.closeTo(-0.07), truth: 1 });
    expect(judgeStart(1, null)).toEqual({ verdict: 'unsaid' });
  });

  it('moves the wrong starts that go later from the last one back, then those going earlier', () => {
    // «y» and «refrescos» squeezed together early: «refrescos» must make room first.
    expect(plannedMoves([1, 2, 2.05, 5], [1, 2.5, 2.6, 4.98])).toEqual([
      { word: 2, to: 2.6 },
      { word: 1, to: 2.5 },
    ]);
    expect(plannedMoves([1, 2, 3], [0.8, 1.9, 2.7])).toEqual([
      { word: 0, to: 0.8 },
      { word: 1, to: 1.9 },
      { word: 2, to: 2.7 },
    ]);
    expect(plannedMoves([1, 2], [1.01, null])).toEqual([]);
  });
});
