import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_DAYS, FORECAST_DAYS, type LearnerHistory } from '#shared/contracts/history';
import { localDay } from '#shared/history/days';
import type { PracticeAnswer, PracticeAnswersResult } from '#shared/contracts/practice';
import type { Transcript } from '#shared/transcript';
import { signedInUser } from './helpers/accounts.ts';
import { insertChapterWithTranscript } from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * The profile's charts (issue 25, decision 070): the last eight weeks day by day where the learner
 * lives, the review forecast and a streak that forgives one missed day.
 */

type User = Awaited<ReturnType<typeof signedInUser>>;
let t: TestApp;
let chapterId: string;
const DAY = 86_400_000;

const transcript: Transcript = {
  segments: [
    {
      id: 's1',
      start: 0,
      end: 3,
      text: 'La casa es grande.',
      words: [
        { id: 'w1', text: 'La', start: 0, end: 0.5 },
        { id: 'w2', text: 'casa', start: 0.5, end: 1 },
        { id: 'w3', text: 'es', start: 1, end: 1.5 },
        { id: 'w4', text: 'grande.', start: 1.5, end: 3 },
      ],
    },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  chapterId = await insertChapterWithTranscript(t, transcript);
});
afterAll(async () => {
  await t.close();
});

const call = (user: User | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} });

async function history(user: User, timezoneOffset = 0) {
  const res = await call(user, 'GET', `/api/me/history?timezoneOffset=${timezoneOffset}`);
  expect(res.statusCode).toBe(200);
  return res.json() as LearnerHistory;
}

async function practise(user: User, answers: Array<Partial<PracticeAnswer>>) {
  const res = await call(user, 'POST', '/api/me/practice/answers', {
    sentAt: Date.now(),
    answers: answers.map((answer) => ({
      answerId: randomUUID(),
      kind: 'cloze',
      chapterId,
      segmentId: 's1',
      wordId: 'w2',
      correct: true,
      answeredAt: Date.now(),
      ...answer,
    })),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as PracticeAnswersResult;
}

describe('GET /api/me/history', () => {
  it('answers a new learner with eight empty weeks, an empty forecast and no streak', async () => {
    const learner = await signedInUser(t);
    const body = await history(learner);
    expect(body.today).toBe(localDay(new Date(), 0));
    expect(body.days).toHaveLength(HISTORY_DAYS);
    expect(body.days.at(-1)!.date).toBe(body.today);
    expect(body.days.every((day) => day.listeningMinutes === 0 && day.wordsKnown === 0)).toBe(true);
    expect(body.forecast).toHaveLength(FORECAST_DAYS);
    expect(body.forecast[0]!.date).toBe(body.today);
    expect(body.streak).toEqual({ days: 0, activeToday: false, forgiven: 0, endsToday: false });
  });

  it('counts listening, exercises, words known and the streak on the learner’s days', async () => {
    const learner = await signedInUser(t);
    // Two days ago: three exercises, two right. Today: listening and a completed chapter.
    await practise(learner, [
      { answeredAt: Date.now() - 2 * DAY },
      { answeredAt: Date.now() - 2 * DAY },
      { answeredAt: Date.now() - 2 * DAY, correct: false },
    ]);
    const listened = await call(learner, 'POST', '/api/progress/listening', {
      sessionId: randomUUID(),
      chapterId,
      listenedSeconds: 150,
    });
    expect(listened.statusCode).toBe(200);
    const saved = await call(learner, 'POST', '/api/progress', {
      chapterId,
      // The fixture chapter's audio lasts 60 s.
      positionSeconds: 60,
      durationSeconds: 60,
      clientTimestamp: Date.now(),
      sentAt: Date.now(),
    });
    expect(saved.statusCode).toBe(200);

    const body = await history(learner);
    const today = body.days.at(-1)!;
    const twoDaysAgo = body.days.at(-3)!;
    expect(today.listeningMinutes).toBe(2.5);
    expect(twoDaysAgo).toMatchObject({ exercises: 3, exercisesRight: 2 });
    // casa, ser, grande (la is a common word too): the same count as "words learned".
    const vocabulary = (await call(learner, 'GET', '/api/vocabulary')).json() as {
      vocabulary: { totalWordsLearned: number };
    };
    expect(vocabulary.vocabulary.totalWordsLearned).toBeGreaterThan(0);
    expect(today.wordsKnown).toBe(vocabulary.vocabulary.totalWordsLearned);
    expect(body.days.at(-2)!.wordsKnown).toBe(0);
    // Active two days ago and today, yesterday missed and forgiven.
    expect(body.streak).toEqual({ days: 2, activeToday: true, forgiven: 1, endsToday: false });
  });

  it('dates words known by the save that completed the chapter, and keeps the first completion', async () => {
    const learner = await signedInUser(t);
    const save = (clientTimestamp: number) =>
      call(learner, 'POST', '/api/progress', {
        chapterId,
        positionSeconds: 60,
        durationSeconds: 60,
        clientTimestamp,
        sentAt: Date.now(),
      });
    // Completed offline three days ago, synced now; completed again today.
    expect((await save(Date.now() - 3 * DAY)).statusCode).toBe(200);
    expect((await save(Date.now())).statusCode).toBe(200);
    const { days } = await history(learner);
    expect(days.at(-5)!.wordsKnown).toBe(0);
    expect(days.at(-4)!.wordsKnown).toBeGreaterThan(0);
    expect(days.at(-1)!.wordsKnown).toBe(days.at(-4)!.wordsKnown);
  });

  it('puts a wrong answer’s new card in the forecast once reviewed, overdue cards today', async () => {
    const learner = await signedInUser(t);
    const { results } = await practise(learner, [{ correct: false }]);
    const cardId = results[0]!.cardId!;
    const answered = await call(learner, 'POST', '/api/me/review/answers', {
      sentAt: Date.now(),
      answers: [{ answerId: randomUUID(), itemId: cardId, rating: 1, reviewedAt: Date.now() }],
    });
    expect(answered.statusCode).toBe(200);
    const body = await history(learner);
    expect(body.forecast[0]!.due).toBe(1);
    expect(body.days.at(-1)!.reviews).toBe(1);
  });

  it('reads days where the learner lives', async () => {
    const learner = await signedInUser(t);
    const tokyo = -540;
    const body = await history(learner, tokyo);
    expect(body.today).toBe(localDay(new Date(), tokyo));
  });

  it('answers 401 signed out and 400 for a bad offset', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/history' })).statusCode).toBe(401);
    const learner = await signedInUser(t);
    const res = await call(learner, 'GET', '/api/me/history?timezoneOffset=9999');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: expect.any(String) } });
  });
});
