import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewLogs } from '#server/db/schema';
import type { ReviewAnswersResult, ReviewQueue } from '#shared/contracts/review';
import type { SavedItem } from '#shared/contracts/saved-items';
import type { Transcript } from '#shared/transcript';
import { signedInUser } from './helpers/accounts.ts';
import { insertChapterWithTranscript } from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;
let t: TestApp;
let chapterId: string;

const LINES = 30;
const transcript: Transcript = {
  segments: Array.from({ length: LINES }, (_, index) => ({
    id: `s${index + 1}`,
    start: index * 2,
    end: index * 2 + 2,
    text: `Frase número ${index + 1}.`,
    translation: `Sentence number ${index + 1}.`,
    words: [{ id: `w${index + 1}`, text: 'Frase', start: index * 2, end: index * 2 + 1 }],
  })),
};

beforeAll(async () => {
  t = await createTestApp();
  chapterId = await insertChapterWithTranscript(t, transcript);
});
afterAll(async () => {
  await t.close();
});

const call = (user: User | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} });

async function saveLines(user: User, count: number): Promise<SavedItem[]> {
  const items: SavedItem[] = [];
  for (let index = 1; index <= count; index += 1) {
    const res = await call(user, 'POST', '/api/me/saved-items', {
      kind: 'sentence',
      chapterId,
      segmentId: `s${index}`,
    });
    items.push(res.json().item);
  }
  return items;
}

const answer = (itemId: string, rating: number, reviewedAt: number, answerId = randomUUID()) => ({
  answerId,
  itemId,
  rating,
  reviewedAt,
});

async function send(user: User, answers: object[], sentAt = Date.now()) {
  const res = await call(user, 'POST', '/api/me/review/answers', { answers, sentAt });
  return { status: res.statusCode, body: res.json() as ReviewAnswersResult };
}

const queue = async (user: User, query = '') =>
  (await call(user, 'GET', `/api/me/review/queue${query}`)).json() as ReviewQueue;

describe('review', () => {
  it('queues new cards within the daily limit (default 20) and counts them', async () => {
    const user = await signedInUser(t);
    const empty = await queue(user);
    expect(empty).toEqual({
      cards: [],
      counts: { dueCount: 0, newAvailable: 0, newLimit: 20, newIntroducedToday: 0 },
    });
    const items = await saveLines(user, 25);
    const full = await queue(user);
    expect(full.cards).toHaveLength(20);
    expect(full.cards[0]!.id).toBe(items[0]!.id);
    expect(full.counts).toEqual({
      dueCount: 0,
      newAvailable: 20,
      newLimit: 20,
      newIntroducedToday: 0,
    });
    expect((await call(user, 'GET', '/api/me/review/summary')).json()).toEqual({
      dueCount: 0,
      newAvailable: 20,
    });

    // Three new cards introduced today leave 17; a lower limit is read back and applies.
    const now = Date.now();
    await send(
      user,
      items.slice(0, 3).map((item) => answer(item.id, 3, now)),
    );
    expect((await queue(user)).counts).toMatchObject({ newAvailable: 17, newIntroducedToday: 3 });
    const set = await call(user, 'PUT', '/api/me/review/settings', { newCardsPerDay: 5 });
    expect(set.json()).toEqual({ settings: { newCardsPerDay: 5 } });
    expect((await call(user, 'GET', '/api/me/review/settings')).json()).toEqual({
      settings: { newCardsPerDay: 5 },
    });
    const limited = await queue(user);
    expect(limited.counts).toMatchObject({ newAvailable: 2, newLimit: 5, newIntroducedToday: 3 });
    expect(limited.cards.filter((card) => card.review === null)).toHaveLength(2);
    const bad = await call(user, 'PUT', '/api/me/review/settings', { newCardsPerDay: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('schedules with FSRS: Again comes back sooner than Good; due cards come first', async () => {
    const user = await signedInUser(t);
    const [again, good] = await saveLines(user, 2);
    const now = Date.now();
    const { status, body } = await send(user, [
      answer(again!.id, 1, now - 1000),
      answer(good!.id, 3, now - 1000),
    ]);
    expect(status).toBe(200);
    expect(body.results.map((r) => r.outcome)).toEqual(['applied', 'applied']);
    const byId = new Map(body.items.map((item) => [item.id, item]));
    const againDue = Date.parse(byId.get(again!.id)!.review!.due);
    const goodDue = Date.parse(byId.get(good!.id)!.review!.due);
    expect(againDue).toBeLessThan(goodDue);
    expect(byId.get(again!.id)!.review).toMatchObject({ reps: 1, state: 'learning' });

    // An hour on, the Again card (due in minutes) is due and queued first.
    const later = await queue(user);
    expect(later.counts.dueCount).toBe(0);
    const service = t.app.context.services.review;
    const inAnHour = await service.queue(
      { userId: user.userId, role: 'user' },
      0,
      new Date(now + 3600_000),
    );
    expect(inAnHour.cards[0]!.id).toBe(again!.id);
    expect(inAnHour.counts.dueCount).toBeGreaterThanOrEqual(1);
  });

  it('is idempotent by answerId: a retried batch changes nothing', async () => {
    const user = await signedInUser(t);
    const [item] = await saveLines(user, 1);
    const batch = [answer(item!.id, 3, Date.now() - 500)];
    const first = await send(user, batch);
    const second = await send(user, batch);
    expect(first.body.results[0]!.outcome).toBe('applied');
    expect(second.body.results[0]!.outcome).toBe('duplicate');
    expect(second.body.items[0]!.review).toEqual(first.body.items[0]!.review);
    expect(second.body.items[0]!.review!.reps).toBe(1);
    const logs = await t.database.db
      .select()
      .from(reviewLogs)
      .where(eq(reviewLogs.itemId, item!.id));
    expect(logs).toHaveLength(1);
  });

  it('newest wins: an older answer synced later is recorded but does not move the card', async () => {
    const user = await signedInUser(t);
    const [item] = await saveLines(user, 1);
    const now = Date.now();
    const newer = answer(item!.id, 4, now - 60_000);
    const older = answer(item!.id, 1, now - 600_000);
    const phone = await send(user, [newer]);
    const laptop = await send(user, [older]);
    expect(laptop.body.results[0]!.outcome).toBe('recorded');
    expect(laptop.body.items[0]!.review).toEqual(phone.body.items[0]!.review);
    expect(laptop.body.items[0]!.review!.lapses).toBe(0);

    // In one batch, answers apply in the order they were made, whatever order they are listed in.
    const [other] = (await saveLines(user, 2)).slice(1);
    const inOrder = await send(user, [
      answer(other!.id, 3, now - 1000),
      answer(other!.id, 3, now - 2 * 86_400_000),
    ]);
    expect(inOrder.body.results.map((r) => r.outcome)).toEqual(['applied', 'applied']);
    expect(inOrder.body.items[0]!.review!.reps).toBe(2);
    // The later answer was applied last (times shift by the few ms the clock correction adds).
    const last = Date.parse(inOrder.body.items[0]!.review!.lastReview!);
    expect(Math.abs(last - (now - 1000))).toBeLessThan(60_000);

    const logs = await t.database.db
      .select({ applied: reviewLogs.applied })
      .from(reviewLogs)
      .where(and(eq(reviewLogs.userId, user.userId), eq(reviewLogs.itemId, item!.id)));
    expect(logs.map((log) => log.applied).sort()).toEqual([false, true]);
  });

  it("corrects the client's clock and never schedules from the future", async () => {
    const user = await signedInUser(t);
    const [item] = await saveLines(user, 2);
    // The client's clock is an hour fast: reviewedAt 10 s before it sent, in its clock.
    const clientNow = Date.now() + 3600_000;
    const fast = await send(user, [answer(item!.id, 3, clientNow - 10_000)], clientNow);
    const lastReview = Date.parse(fast.body.items[0]!.review!.lastReview!);
    expect(Math.abs(lastReview - (Date.now() - 10_000))).toBeLessThan(5_000);
    // An answer claiming to be made after it was sent is clamped to the server's time.
    const [, second] = await saveLines(user, 2);
    const before = Date.now();
    const future = await send(user, [answer(second!.id, 3, Date.now() + 86_400_000)]);
    const clamped = Date.parse(future.body.items[0]!.review!.lastReview!);
    expect(clamped).toBeLessThanOrEqual(Date.now());
    expect(clamped).toBeGreaterThanOrEqual(before - 1000);
  });

  it("cannot answer another learner's card; a deleted card's answer is dropped as missing", async () => {
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);
    const [item] = await saveLines(alice, 1);
    const theirs = await send(bob, [answer(item!.id, 3, Date.now())]);
    expect(theirs.status).toBe(200);
    expect(theirs.body.results[0]!.outcome).toBe('missing');
    expect(theirs.body.items).toEqual([]);
    expect((await queue(alice)).cards[0]!.review).toBeNull();
    expect((await queue(bob)).cards).toEqual([]);

    await call(alice, 'POST', '/api/me/saved-items', {
      kind: 'sentence',
      chapterId,
      segmentId: 's2',
    });
    const gone = (await queue(alice)).cards.find((card) => card.segmentId === 's2')!;
    await t.app.inject({
      method: 'DELETE',
      url: `/api/me/saved-items/${gone.id}`,
      headers: { cookie: alice.cookie },
    });
    const late = await send(alice, [answer(gone.id, 3, Date.now())]);
    expect(late.body.results[0]!.outcome).toBe('missing');
  });

  it('refuses malformed answers in the common error shape and needs a sign-in', async () => {
    const user = await signedInUser(t);
    const [item] = await saveLines(user, 1);
    const cases = [
      { answers: [], sentAt: Date.now() },
      { answers: [answer(item!.id, 5, Date.now())], sentAt: Date.now() },
      { answers: [answer(item!.id, 0, Date.now())], sentAt: Date.now() },
      { answers: [{ ...answer(item!.id, 3, Date.now()), answerId: 'x' }], sentAt: Date.now() },
      { answers: [answer(item!.id, 3, Date.now())] },
    ];
    for (const payload of cases) {
      const res = await call(user, 'POST', '/api/me/review/answers', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await call(user, 'GET', '/api/me/review/queue?timezoneOffset=9999')).statusCode).toBe(
      400,
    );
    for (const url of [
      '/api/me/review/queue',
      '/api/me/review/summary',
      '/api/me/review/settings',
    ]) {
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
    }
  });
});
