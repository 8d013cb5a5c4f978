import { describe, expect, it } from 'vitest';
import type { ChapterQuestion } from '#shared/contracts/comprehension';
import {
  answeredRight,
  check,
  isChecked,
  isFinished,
  next,
  pick,
  scoreOf,
  startSession,
} from './comprehension-session';

const questions: ChapterQuestion[] = [
  { text: '¿Dónde?', options: ['Aquí', 'Allí', 'Lejos'], correctOption: 1, segmentId: 's1' },
  { text: '¿Quién?', options: ['Ana', 'Luis'], correctOption: 0, segmentId: null },
];

describe('a learner going through the questions', () => {
  it('picks, checks, goes on, and ends with the score', () => {
    let session = startSession(questions);
    expect(isChecked(session)).toBe(false);
    // Nothing picked: checking and going on do nothing.
    expect(check(session)).toBe(session);
    expect(next(session)).toBe(session);

    session = pick(session, questions, 2);
    session = pick(session, questions, 0);
    expect(session.picked).toBe(0);
    session = check(session);
    expect(isChecked(session)).toBe(true);
    expect(answeredRight(session, questions, 0)).toBe(false);
    // A checked answer stays as it was.
    expect(pick(session, questions, 1)).toBe(session);
    expect(check(session)).toBe(session);

    session = next(session);
    expect(session).toMatchObject({ index: 1, picked: null });
    expect(pick(session, questions, 2)).toBe(session); // the second question has two options
    session = next(check(pick(session, questions, 0)));
    expect(isFinished(session)).toBe(true);
    expect(scoreOf(session, questions)).toBe(1);
    expect(answeredRight(session, questions, 1)).toBe(true);
    expect(check(session)).toBe(session);
  });
});
