import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TIME_MAX, CLIENT_TIME_MESSAGE } from '#shared/contracts/client-time';
import type { Transcript } from '#shared/transcript';
import { signedInUser } from './helpers/accounts.ts';
import { insertChapterWithTranscript } from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Every client clock reading a learner sends (progress saves, bookmark edits, review and practice
 * answers, and when each request was sent) is checked by one shared schema: a time out of range
 * answers 400 in the common error shape, never a 500 from an Invalid Date (issue 23).
 */

type User = Awaited<ReturnType<typeof signedInUser>>;
let t: TestApp;
let learner: User;
let chapterId: string;
let bookmarkId: string;
let itemId: string;

const transcript: Transcript = {
  segments: [
    {
      id: 's1',
      start: 0,
      end: 2,
      text: 'Frase uno.',
      translation: 'Sentence one.',
      words: [{ id: 'w1', text: 'Frase', start: 0, end: 1 }],
    },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  learner = await signedInUser(t);
  chapterId = await insertChapterWithTranscript(t, transcript);
  const bookmark = await send('POST', '/api/bookmarks', { chapterId, positionSeconds: 1 });
  expect(bookmark.statusCode).toBe(201);
  bookmarkId = bookmark.json().bookmark.id;
  const item = await send('POST', '/api/me/saved-items', {
    kind: 'sentence',
    chapterId,
    segmentId: 's1',
  });
  expect(item.statusCode).toBe(201);
  itemId = item.json().item.id;
});
afterAll(async () => {
  await t.close();
});

function send(method: 'POST' | 'PATCH', url: string, payload: object) {
  return t.app.inject({ method, url, payload, headers: { cookie: learner.cookie } });
}

/** Each endpoint, with the body it takes given a recorded time and a send time. */
const endpoints = {
  'a progress save': (recorded: unknown, sent: unknown) =>
    send('POST', '/api/progress', {
      chapterId,
      positionSeconds: 5,
      durationSeconds: 60,
      clientTimestamp: recorded,
      sentAt: sent,
    }),
  'a new bookmark': (recorded: unknown, sent: unknown) =>
    send('POST', '/api/bookmarks', {
      id: randomUUID(),
      chapterId,
      positionSeconds: 2,
      editedAt: recorded,
      sentAt: sent,
    }),
  'a bookmark edit': (recorded: unknown, sent: unknown) =>
    send('PATCH', `/api/bookmarks/${bookmarkId}`, {
      note: 'repasar',
      editedAt: recorded,
      sentAt: sent,
    }),
  'review answers': (recorded: unknown, sent: unknown) =>
    send('POST', '/api/me/review/answers', {
      answers: [{ answerId: randomUUID(), itemId, rating: 3, reviewedAt: recorded }],
      sentAt: sent,
    }),
  'practice answers': (recorded: unknown, sent: unknown) =>
    send('POST', '/api/me/practice/answers', {
      answers: [
        {
          answerId: randomUUID(),
          kind: 'cloze',
          chapterId,
          segmentId: 's1',
          wordId: 'w1',
          correct: true,
          answeredAt: recorded,
        },
      ],
      sentAt: sent,
    }),
};

const now = Date.now();
const outOfRange: Array<[string, unknown]> = [
  ['past the largest date JavaScript holds (8.64e15 + 1)', 8.64e15 + 1],
  ['far past it', 1e300],
  ['just past the year 2200', CLIENT_TIME_MAX + 1],
  ['negative', -1],
  ['not whole', now + 0.5],
  ['a string', 'NaN'],
  ['null', null],
];

describe.each(Object.entries(endpoints))('%s', (_name, call) => {
  it.each(outOfRange)('answers 400 for a recorded time %s', async (_label, value) => {
    const res = await call(value, now);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: CLIENT_TIME_MESSAGE,
    });
  });

  it.each(outOfRange)('answers 400 for a send time %s', async (_label, value) => {
    const res = await call(now, value);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: CLIENT_TIME_MESSAGE,
    });
  });

  it('accepts the extremes of the range (a clock reset to 1970, one near 2200)', async () => {
    for (const [recorded, sent] of [
      [0, CLIENT_TIME_MAX],
      [CLIENT_TIME_MAX, 0],
      [0, 0],
    ] as const) {
      const res = await call(recorded, sent);
      expect(res.statusCode, `${recorded}/${sent}: ${res.body}`).toBeLessThan(300);
    }
  });
});
