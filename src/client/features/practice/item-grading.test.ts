import { describe, expect, it } from 'vitest';
import { gradeClozeItem, gradeDictationItem, gradeWordInAudioItem } from './item-grading';
import { clozeFixture, dictationFixture, wordInAudioFixture } from './practice-item-fixtures';

const dictation = dictationFixture;

describe('a dictation checked', () => {
  it('is graded word by word, accents shown but right unless strict', () => {
    const lenient = gradeDictationItem(dictation, 'lucia esta en la cocina', 0, {});
    expect(lenient.correct).toBe(true);
    expect(lenient.words.map((word) => word.verdict)).toEqual([
      'accent',
      'accent',
      'right',
      'right',
      'right',
    ]);
    expect(lenient.rightCount).toBe(5);

    const strict = gradeDictationItem(dictation, 'lucia esta en la cocina', 0, {
      strictAccents: true,
    });
    expect(strict.correct).toBe(false);
    expect(strict.rightCount).toBe(3);
    expect(strict.words[1]).toMatchObject({ verdict: 'wrong', expected: 'está', typed: 'esta' });
  });

  it('counts revealed words as not typed, whether or not the learner typed them too', () => {
    const notTyped = gradeDictationItem(dictation, 'está en la cocina', 1, {});
    expect(notTyped.words[0]).toEqual({ verdict: 'revealed', expected: 'Lucía', wordIds: ['w1'] });
    expect(notTyped.correct).toBe(false);
    expect(notTyped.rightCount).toBe(4);

    const typedToo = gradeDictationItem(dictation, 'Lucía está en la cocina', 2, {});
    expect(typedToo.words.slice(0, 2).map((word) => word.verdict)).toEqual([
      'revealed',
      'revealed',
    ]);
    expect(typedToo.words[0]!.typed).toBeUndefined();
    expect(typedToo.rightCount).toBe(3);
  });

  it('shows missing, extra, almost and wrong words', () => {
    const graded = gradeDictationItem(dictation, 'Lucía está muy en el cosina', 0, {});
    expect(graded.words.map((word) => [word.verdict, word.expected ?? word.typed])).toEqual([
      ['right', 'Lucía'],
      ['right', 'está'],
      ['extra', 'muy'],
      ['right', 'en'],
      ['wrong', 'la'],
      ['close', 'cocina'],
    ]);
    expect(graded.correct).toBe(false);
  });
});

describe('a cloze checked', () => {
  const cloze = clozeFixture;

  it('grades each blank as a word, right only when every blank is', () => {
    expect(gradeClozeItem(cloze, ['esta', ' Cocina '], {})).toEqual({
      kind: 'cloze',
      blanks: [
        { typed: 'esta', verdict: 'accent' },
        { typed: ' Cocina ', verdict: 'right' },
      ],
      correct: true,
    });
    const strict = gradeClozeItem(cloze, ['esta', 'cocina'], { strictAccents: true });
    expect(strict.blanks[0]!.verdict).toBe('wrong');
    expect(strict.correct).toBe(false);
    expect(gradeClozeItem(cloze, ['está', ''], {}).blanks[1]!.verdict).toBe('missing');
  });
});

describe('a word heard', () => {
  const item = wordInAudioFixture;

  it('is right only for the word said', () => {
    expect(gradeWordInAudioItem(item, 'cocina').correct).toBe(true);
    expect(gradeWordInAudioItem(item, 'comida')).toEqual({
      kind: 'word-in-audio',
      picked: 'comida',
      correct: false,
    });
  });
});
