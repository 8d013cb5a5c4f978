import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '#shared/contracts/stories';
import { signedInUser } from './helpers/accounts.ts';
import { demoAppWithTwoLearners, type SignedInUser } from './helpers/demo-app.ts';
import type { TestApp } from './helpers/test-app.ts';

let t: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;
let stories: Story[];

beforeAll(async () => {
  ({ t, alice, bob, stories } = await demoAppWithTwoLearners());
});
afterAll(async () => {
  await t.close();
});

const chapterId = (storyIndex = 0, chapterIndex = 0) =>
  stories[storyIndex]!.chapters[chapterIndex]!.id;

const report = (user: { cookie: string } | null, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/progress/listening',
    headers: user ? { cookie: user.cookie } : {},
    payload,
  });

const minutesOf = async (user: { cookie: string }) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/me/statistics',
    headers: { cookie: user.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json().statistics.listeningMinutes as number;
};

describe('listening minutes (decision 033)', () => {
  it("count each session's largest report once, however often and in whatever order it arrives", async () => {
    const user = await signedInUser(t);
    const session = randomUUID();
    const body = (listenedSeconds: number) => ({
      sessionId: session,
      chapterId: chapterId(),
      listenedSeconds,
    });
    const stored = async (listenedSeconds: number) =>
      (await report(user, body(listenedSeconds))).json().listenedSeconds as number;
    expect(await stored(50)).toBe(50);
    // A retry of the same report and a late, smaller one change nothing.
    expect(await stored(50)).toBe(50);
    expect(await stored(130.5)).toBe(130.5);
    expect(await stored(90)).toBe(130.5);
    expect(await minutesOf(user)).toBe(2);

    // A replay of the same chapter is another session: its time counts too.
    const replay = randomUUID();
    await report(user, { sessionId: replay, chapterId: chapterId(), listenedSeconds: 60 });
    await report(user, { sessionId: replay, chapterId: chapterId(), listenedSeconds: 110 });
    expect(await minutesOf(user)).toBe(4); // floor((130.5 + 110) / 60)
  });

  it('are not the sum of positions reached: a save at the end alone adds no minute', async () => {
    const user = await signedInUser(t);
    const chapter = stories[0]!.chapters[0]!;
    const now = Date.now();
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/progress',
      headers: { cookie: user.cookie },
      payload: {
        chapterId: chapter.id,
        positionSeconds: chapter.duration ?? 60,
        durationSeconds: chapter.duration ?? 60,
        clientTimestamp: now,
        sentAt: now,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(await minutesOf(user)).toBe(0);
  });

  it("keep other users' sessions apart, even under the same session id", async () => {
    const shared = randomUUID();
    await report(alice, { sessionId: shared, chapterId: chapterId(), listenedSeconds: 600 });
    const bobs = await report(bob, {
      sessionId: shared,
      chapterId: chapterId(),
      listenedSeconds: 61,
    });
    expect(bobs.json()).toEqual({ listenedSeconds: 61, newAchievements: [] });
    expect(await minutesOf(alice)).toBe(10);
    expect(await minutesOf(bob)).toBe(1);
  });

  it("earn the hour's achievement from the same total, as soon as it is reached, once", async () => {
    const user = await signedInUser(t);
    const achievementsOf = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/me/achievements',
        headers: { cookie: user.cookie },
      });
      return (res.json().achievements as Array<{ key: string }>).map((a) => a.key);
    };
    // Every chapter of the first story finished by saves alone: positions are not time listened.
    for (const chapter of stories[0]!.chapters) {
      const now = Date.now();
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/progress',
        headers: { cookie: user.cookie },
        payload: {
          chapterId: chapter.id,
          positionSeconds: chapter.duration!,
          durationSeconds: chapter.duration!,
          clientTimestamp: now,
          sentAt: now,
        },
      });
      expect(saved.json().newAchievements).not.toContain('sixty_minutes');
    }
    expect(await achievementsOf()).not.toContain('sixty_minutes');

    // 59 minutes 59 seconds listened over two sessions: not yet.
    const first = await report(user, {
      sessionId: randomUUID(),
      chapterId: chapterId(),
      listenedSeconds: 1800,
    });
    expect(first.json()).toEqual({ listenedSeconds: 1800, newAchievements: [] });
    const session = randomUUID();
    const body = (listenedSeconds: number) => ({
      sessionId: session,
      chapterId: chapterId(0, 1),
      listenedSeconds,
    });
    expect((await report(user, body(1799))).json().newAchievements).toEqual([]);
    expect(await minutesOf(user)).toBe(59);
    expect(await achievementsOf()).not.toContain('sixty_minutes');

    // The report that reaches the hour earns it, while Listening Minutes read 60.
    expect((await report(user, body(1800))).json()).toEqual({
      listenedSeconds: 1800,
      newAchievements: ['sixty_minutes'],
    });
    expect(await minutesOf(user)).toBe(60);
    expect(await achievementsOf()).toContain('sixty_minutes');
    // Awarded once: later reports and a late, smaller one earn nothing again.
    expect((await report(user, body(1900))).json().newAchievements).toEqual([]);
    expect((await report(user, body(10))).json()).toEqual({
      listenedSeconds: 1900,
      newAchievements: [],
    });
    expect((await achievementsOf()).filter((key) => key === 'sixty_minutes')).toHaveLength(1);
  });

  it('validate the report', async () => {
    const user = await signedInUser(t);
    const valid = { sessionId: randomUUID(), chapterId: chapterId(), listenedSeconds: 10 };
    expect((await report(null, valid)).statusCode).toBe(401);
    for (const payload of [
      { ...valid, sessionId: 'not-a-uuid' },
      { ...valid, listenedSeconds: -1 },
      { ...valid, listenedSeconds: 86_401 },
      { ...valid, listenedSeconds: 'ten' },
      { ...valid, extra: true },
      { sessionId: valid.sessionId, chapterId: valid.chapterId },
    ]) {
      const res = await report(user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const unknown = await report(user, { ...valid, chapterId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(await minutesOf(user)).toBe(0);
  });
});
