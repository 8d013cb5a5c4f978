import { describe, expect, it } from 'vitest';
import { practiceAnswerSchema } from '#shared/contracts/practice';
import { answersOf } from './practice-answers';
import { clozeFixture, dictationFixture, wordInAudioFixture } from './practice-item-fixtures';

const chapterId = '22222222-2222-4222-8222-222222222222';
let ids = 0;
const context = {
  chapterId,
  answeredAt: 1_700_000_000_000,
  newId: () => `00000000-0000-4000-8000-${String((ids += 1)).padStart(12, '0')}`,
};

describe('the answers an exercise sends', () => {
  it('a dictation: one for its line, with no word', () => {
    const answers = answersOf(
      dictationFixture,
      { kind: 'dictation', typed: '', words: [], rightCount: 0, total: 5, correct: false },
      context,
    );
    expect(answers).toEqual([
      {
        answerId: expect.any(String),
        kind: 'dictation',
        chapterId,
        segmentId: 's1',
        correct: false,
        answeredAt: context.answeredAt,
      },
    ]);
    expect(practiceAnswerSchema.safeParse(answers[0]).success).toBe(true);
  });

  it('a cloze: one per blank with its word, each right or wrong by itself', () => {
    const answers = answersOf(
      clozeFixture,
      {
        kind: 'cloze',
        blanks: [
          { typed: 'esta', verdict: 'accent' },
          { typed: 'cosina', verdict: 'close' },
        ],
        correct: false,
      },
      context,
    );
    expect(answers.map(({ kind, wordId, correct }) => ({ kind, wordId, correct }))).toEqual([
      { kind: 'cloze', wordId: 'w2', correct: true },
      { kind: 'cloze', wordId: 'w5', correct: false },
    ]);
    expect(new Set(answers.map((answer) => answer.answerId)).size).toBe(2);
    for (const answer of answers) expect(practiceAnswerSchema.safeParse(answer).success).toBe(true);
  });

  it('a word heard: one, with the word asked', () => {
    const [answer] = answersOf(
      wordInAudioFixture,
      { kind: 'word-in-audio', picked: 'cocina', correct: true },
      context,
    );
    expect(answer).toMatchObject({ kind: 'word-in-audio', wordId: 'w5', correct: true });
  });
});
