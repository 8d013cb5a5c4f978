import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters, practiceAnswers, savedItems, stories } from '#server/db/schema';
import {
  PRACTICE_ANSWERS_MAX,
  type PracticeAnswer,
  type PracticeAnswersResult,
} from '#shared/contracts/practice';
import type { ReviewQueue } from '#shared/contracts/review';
import type { SavedItemList } from '#shared/contracts/saved-items';
import type { Transcript } from '#shared/transcript';
import { signedInUser } from './helpers/accounts.ts';
import { insertChapterWithTranscript, insertStory } from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Answers to the exercises a device makes from a chapter's audio (issue 25, decision 066):
 * recorded once per answer id, dropped as `missing` when the learner can no longer open what
 * they were asked about, and a wrong answer comes back in review as a card of what was missed.
 */

type User = Awaited<ReturnType<typeof signedInUser>>;
let t: TestApp;
let chapterId: string;

const transcript: Transcript = {
  segments: [
    {
      id: 's1',
      start: 0.4,
      end: 3.2,
      text: 'Lucía compra pan en el mercado.',
      translation: 'Lucía buys bread at the market.',
      words: [
        { id: 'w1', text: 'Lucía', start: 0.4, end: 0.9 },
        { id: 'w2', text: 'compra', start: 0.9, end: 1.4 },
        { id: 'w3', text: 'pan', start: 1.4, end: 1.8 },
        { id: 'w4', text: 'en', start: 1.8, end: 2 },
        { id: 'w5', text: 'el', start: 2, end: 2.2 },
        { id: 'w6', text: 'mercado.', start: 2.2, end: 3.2 },
      ],
    },
    {
      id: 's2',
      start: 3.6,
      end: 6.1,
      text: 'El pan está caliente.',
      translation: 'The bread is hot.',
      words: [
        { id: 'w7', text: 'El', start: 3.6, end: 3.8 },
        { id: 'w8', text: 'pan', start: 3.8, end: 4.2 },
        { id: 'w9', text: 'está', start: 4.2, end: 4.7 },
        { id: 'w10', text: 'caliente.', start: 4.7, end: 6.1 },
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

/** A cloze answer about a word of the chapter, unless the overrides say otherwise. */
const answer = (overrides: Partial<PracticeAnswer> = {}): PracticeAnswer => ({
  answerId: randomUUID(),
  kind: 'cloze',
  chapterId,
  segmentId: 's1',
  wordId: 'w6',
  correct: false,
  answeredAt: Date.now(),
  ...overrides,
});

const dictation = (overrides: Partial<PracticeAnswer> = {}): PracticeAnswer => {
  const made = answer({ kind: 'dictation', ...overrides });
  delete made.wordId;
  return made;
};

async function send(user: User | null, answers: object[], sentAt = Date.now()) {
  const res = await call(user, 'POST', '/api/me/practice/answers', { answers, sentAt });
  return { status: res.statusCode, body: res.json() as PracticeAnswersResult };
}

const rowsOf = (user: User) =>
  t.database.db.select().from(practiceAnswers).where(eq(practiceAnswers.userId, user.userId));
const cardsOf = (user: User) =>
  t.database.db.select().from(savedItems).where(eq(savedItems.userId, user.userId));
const queue = async (user: User) =>
  (await call(user, 'GET', '/api/me/review/queue')).json() as ReviewQueue;

describe('practice answers', () => {
  it('a wrong cloze answer makes a word card that review offers with its line and audio', async () => {
    const learner = await signedInUser(t);
    const wrong = answer({ kind: 'cloze', segmentId: 's1', wordId: 'w6' });
    const { status, body } = await send(learner, [wrong]);
    expect(status).toBe(200);
    const [result] = body.results;
    expect(result).toMatchObject({ answerId: wrong.answerId, outcome: 'recorded' });
    expect(result!.cardId).toEqual(expect.any(String));

    const { cards } = await queue(learner);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      id: result!.cardId,
      kind: 'word',
      text: 'mercado',
      sentence: 'Lucía compra pan en el mercado.',
      sentenceTranslation: 'Lucía buys bread at the market.',
      chapterId,
      segmentId: 's1',
      wordId: 'w6',
      startSeconds: 0.4,
      endSeconds: 3.2,
      audioUrl: `/api/chapters/${chapterId}/audio`,
      review: null,
    });
    const [row] = await rowsOf(learner);
    expect(row).toMatchObject({
      answerId: wrong.answerId,
      kind: 'cloze',
      chapterId,
      segmentId: 's1',
      wordId: 'w6',
      correct: false,
      cardId: result!.cardId,
    });
  });

  it('a wrong dictation makes a sentence card of its line; a word heard wrong, a word card', async () => {
    const learner = await signedInUser(t);
    const missed = dictation({ segmentId: 's2' });
    const heard = answer({ kind: 'word-in-audio', segmentId: 's2', wordId: 'w9' });
    const { body } = await send(learner, [missed, heard]);
    expect(body.results.map((r) => r.outcome)).toEqual(['recorded', 'recorded']);

    const { cards } = await queue(learner);
    const byId = new Map(cards.map((card) => [card.id, card]));
    expect(byId.get(body.results[0]!.cardId!)).toMatchObject({
      kind: 'sentence',
      text: 'El pan está caliente.',
      wordId: null,
      startSeconds: 3.6,
      endSeconds: 6.1,
    });
    expect(byId.get(body.results[1]!.cardId!)).toMatchObject({
      kind: 'word',
      text: 'está',
      wordId: 'w9',
    });
    expect((await rowsOf(learner)).find((row) => row.answerId === missed.answerId)).toMatchObject({
      kind: 'dictation',
      wordId: '',
      correct: false,
    });
  });

  it('a right answer is recorded and makes no card', async () => {
    const learner = await signedInUser(t);
    const right = [answer({ correct: true }), dictation({ correct: true })];
    const { body } = await send(learner, right);
    expect(body.results).toEqual(
      right.map(({ answerId }) => ({ answerId, outcome: 'recorded', cardId: null })),
    );
    expect(await cardsOf(learner)).toEqual([]);
    expect((await rowsOf(learner)).map((row) => row.correct)).toEqual([true, true]);
  });

  it('the same batch sent twice records each answer once and makes one card per word', async () => {
    const learner = await signedInUser(t);
    // Two blanks of the same word missed in two sets, a dictation missed, one right answer.
    const batch = [
      answer({ wordId: 'w3' }),
      answer({ wordId: 'w3', kind: 'word-in-audio' }),
      dictation({ segmentId: 's1' }),
      answer({ wordId: 'w2', correct: true }),
    ];
    const first = await send(learner, batch);
    expect(first.body.results.map((r) => r.outcome)).toEqual([
      'recorded',
      'recorded',
      'recorded',
      'recorded',
    ]);
    expect(first.body.results[0]!.cardId).toBe(first.body.results[1]!.cardId);

    // The queue sent it again (its answer was lost on the way back), and once more twice over.
    const again = await send(learner, batch);
    expect(again.status).toBe(200);
    expect(again.body.results).toEqual(
      first.body.results.map((result) => ({ ...result, outcome: 'duplicate' })),
    );
    const doubled = await send(learner, [batch[2]!, batch[2]!]);
    expect(doubled.body.results.map((r) => r.outcome)).toEqual(['duplicate', 'duplicate']);

    expect(await rowsOf(learner)).toHaveLength(4);
    const cards = await cardsOf(learner);
    expect(cards.map((card) => card.kind).sort()).toEqual(['sentence', 'word']);
  });

  it('an answer sent twice within its first batch is recorded once', async () => {
    const learner = await signedInUser(t);
    const once = answer();
    const { body } = await send(learner, [once, once]);
    expect(body.results.map((r) => r.outcome)).toEqual(['recorded', 'duplicate']);
    expect(body.results[1]!.cardId).toBe(body.results[0]!.cardId);
    expect(await rowsOf(learner)).toHaveLength(1);
  });

  it('finds the card the learner saved before rather than making another', async () => {
    const learner = await signedInUser(t);
    const saved = await call(learner, 'POST', '/api/me/saved-items', {
      kind: 'word',
      chapterId,
      segmentId: 's2',
      wordId: 'w10',
    });
    expect(saved.statusCode).toBe(201);
    const { body } = await send(learner, [answer({ segmentId: 's2', wordId: 'w10' })]);
    expect(body.results[0]!.cardId).toBe(saved.json().item.id);
    expect(await cardsOf(learner)).toHaveLength(1);
  });

  it('drops answers about what the learner can no longer open as missing, recording the rest', async () => {
    const learner = await signedInUser(t);
    const db = t.database.db;
    // A story taken back to draft after it was published, a draft never published, and a
    // chapter an administrator removed (its row goes when the story is published again).
    const withdrawn = await insertStory(db, {}, 1);
    await db.update(stories).set({ status: 'draft' }).where(eq(stories.id, withdrawn.story.id));
    const draft = await insertStory(db, { status: 'draft', publishedAt: null }, 1);
    const removed = await insertStory(db, {}, 1);
    for (const chapter of [withdrawn, draft, removed].map((s) => s.chapters[0]!)) {
      await t.storage.put(
        'trans',
        chapter.transcriptFileId,
        Buffer.from(JSON.stringify(transcript)),
        'application/json',
      );
    }
    await db.delete(chapters).where(eq(chapters.id, removed.chapters[0]!.id));

    const batch = [
      answer({ wordId: 'w99' }),
      answer({ segmentId: 's9' }),
      dictation({ segmentId: 's9' }),
      answer({ segmentId: 's2', wordId: 'w6' }),
      answer({ chapterId: withdrawn.chapters[0]!.id }),
      answer({ chapterId: draft.chapters[0]!.id, correct: true }),
      answer({ chapterId: removed.chapters[0]!.id }),
      answer({ chapterId: randomUUID() }),
      answer({ wordId: 'w1', correct: true }),
      dictation({ segmentId: 's2' }),
    ];
    const { status, body } = await send(learner, batch);
    expect(status).toBe(200);
    expect(body.results.map((r) => r.outcome)).toEqual([
      ...Array<string>(8).fill('missing'),
      'recorded',
      'recorded',
    ]);
    expect(body.results.slice(0, 8).every((r) => r.cardId === null)).toBe(true);
    expect((await rowsOf(learner)).map((row) => row.answerId).sort()).toEqual(
      [batch[8]!.answerId, batch[9]!.answerId].sort(),
    );
    expect((await cardsOf(learner)).map((card) => card.segmentId)).toEqual(['s2']);
  });

  it('keeps each learner to their own answers and cards', async () => {
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);
    const shared = answer({ wordId: 'w5' });
    const hers = await send(alice, [shared]);
    // The same id from another account is that account's own answer, not a duplicate of hers.
    const his = await send(bob, [shared]);
    expect(his.body.results[0]!.outcome).toBe('recorded');
    expect(his.body.results[0]!.cardId).not.toBe(hers.body.results[0]!.cardId);
    expect(await rowsOf(alice)).toHaveLength(1);
    expect(await rowsOf(bob)).toHaveLength(1);
    const bobsList = (await call(bob, 'GET', '/api/me/saved-items')).json() as SavedItemList;
    expect(bobsList.items.map((item) => item.id)).toEqual([his.body.results[0]!.cardId]);
  });

  it('dates each answer in server time, correcting the device clock', async () => {
    const learner = await signedInUser(t);
    const hourBehind = Date.now() - 3600_000;
    const early = answer({ answeredAt: hourBehind - 60_000 });
    const before = Date.now();
    await send(learner, [early], hourBehind);
    const [row] = await rowsOf(learner);
    const answeredAt = row!.answeredAt.getTime();
    expect(answeredAt).toBeGreaterThanOrEqual(before - 60_000 - 1000);
    expect(answeredAt).toBeLessThanOrEqual(Date.now() - 60_000 + 1000);
    expect(row!.receivedAt.getTime()).toBeGreaterThanOrEqual(before);
  });

  it('makes a card of every word missed in a batch larger than the save limit', async () => {
    const learner = await signedInUser(t);
    const words = 130;
    const long: Transcript = {
      segments: Array.from({ length: words }, (_, index) => ({
        id: `s${index + 1}`,
        start: index,
        end: index + 1,
        text: `Palabra ${index + 1}.`,
        words: [{ id: `w${index + 1}`, text: 'Palabra', start: index, end: index + 0.5 }],
      })),
    };
    const longChapter = await insertChapterWithTranscript(t, long);
    const batch = long.segments.map((segment) =>
      answer({ chapterId: longChapter, segmentId: segment.id, wordId: segment.words[0]!.id }),
    );
    const { status, body } = await send(learner, batch);
    expect(status).toBe(200);
    expect(new Set(body.results.map((r) => r.cardId)).size).toBe(words);
    expect(await cardsOf(learner)).toHaveLength(words);
  });
});

describe('refusals', () => {
  it('answers 401 to a visitor, recording nothing', async () => {
    const res = await call(null, 'POST', '/api/me/practice/answers', {
      answers: [answer()],
      sentAt: Date.now(),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  const tooMany = Array.from({ length: PRACTICE_ANSWERS_MAX + 1 }, () => answer());
  it.each([
    ['an answer id that is not a uuid', { answers: [answer({ answerId: 'abc' })] }],
    ['a chapter id that is not a uuid', { answers: [answer({ chapterId: 'chapter-1' })] }],
    [`${PRACTICE_ANSWERS_MAX + 1} answers`, { answers: tooMany }],
    ['no answers', { answers: [] }],
    ['an answer time past 2200', { answers: [answer({ answeredAt: Date.UTC(2200, 0, 2) })] }],
    ['a negative answer time', { answers: [answer({ answeredAt: -1 })] }],
    ['an unknown kind', { answers: [{ ...answer(), kind: 'essay' }] }],
    ['a dictation naming a word', { answers: [{ ...dictation(), wordId: 'w1' }] }],
    ['a cloze without its word', { answers: [{ ...dictation(), kind: 'cloze' }] }],
    ['an answer with a field of its own', { answers: [{ ...answer(), typed: 'mercado' }] }],
    ['a segment id longer than any', { answers: [answer({ segmentId: 's'.repeat(65) })] }],
  ])('answers 400 in the common error shape for %s, recording nothing', async (_name, body) => {
    const learner = await signedInUser(t);
    const res = await call(learner, 'POST', '/api/me/practice/answers', {
      ...body,
      sentAt: Date.now(),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.any(String),
    });
    expect(await rowsOf(learner)).toEqual([]);
  });

  it('limits batches per account (429 in the common error shape)', async () => {
    const busy = await signedInUser(t);
    for (let attempt = 0; attempt < 120; attempt += 1) {
      expect((await send(busy, [answer({ correct: true })])).status).toBe(200);
    }
    const refused = await call(busy, 'POST', '/api/me/practice/answers', {
      answers: [answer({ correct: true })],
      sentAt: Date.now(),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many practice answers at once. Please wait a moment.',
    });
    expect((await send(await signedInUser(t), [answer({ correct: true })])).status).toBe(200);
  });
});
