import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '#shared/contracts/stories';
import { WRITER_ACCOUNT_HEADER } from '#shared/offline/account-stamp';
import { signedInUser } from './helpers/accounts.ts';
import { demoAppWithTwoLearners, type SignedInUser } from './helpers/demo-app.ts';
import { openEventStreamReader } from './helpers/event-stream.ts';
import { insertStory } from './helpers/fixtures.ts';
import { startSecondInstance, type TestApp } from './helpers/test-app.ts';
import { switchableStorage } from './helpers/unreachable-storage.ts';

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

const chapterOf = (storyIndex: number, chapterIndex = 0) =>
  stories[storyIndex]!.chapters[chapterIndex]!;

function save(
  user: { cookie: string } | null,
  chapter: { id: string; duration: number | null },
  positionSeconds: number,
  options: {
    clientTimestamp?: number;
    sentAt?: number;
    durationSeconds?: number;
    deviceId?: string;
  } = {},
) {
  const now = Date.now();
  return t.app.inject({
    method: 'POST',
    url: '/api/progress',
    headers: user ? { cookie: user.cookie } : {},
    payload: {
      chapterId: chapter.id,
      positionSeconds,
      durationSeconds: options.durationSeconds ?? chapter.duration ?? 60,
      clientTimestamp: options.clientTimestamp ?? now,
      sentAt: options.sentAt ?? now,
      ...(options.deviceId ? { deviceId: options.deviceId } : {}),
    },
  });
}

const progressOf = async (user: { cookie: string }, chapterId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/progress?chapterIds=${chapterId}`,
    headers: { cookie: user.cookie },
  });
  return res.json().progress[0];
};

describe('saving progress', () => {
  it('stores position, percentage and last access', async () => {
    const chapter = chapterOf(0);
    const res = await save(alice, chapter, 30);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      applied: true,
      progress: { chapterId: chapter.id, lastPositionSeconds: 30, completed: false },
    });
    expect(res.json().progress.progressPercentage).toBeCloseTo((30 / chapter.duration!) * 100, 1);
    expect(res.json().progress.lastAccessedAt).not.toBeNull();
  });

  it("refuses a write that names another account than its session's (401), storing it for nobody", async () => {
    // A stale tab still believing Alice is signed in, after Carla signed in on the same device.
    const carla = await signedInUser(t);
    const chapter = chapterOf(1, 1);
    const payload = {
      chapterId: chapter.id,
      positionSeconds: 12,
      durationSeconds: chapter.duration,
      clientTimestamp: Date.now(),
      sentAt: Date.now(),
    };
    const post = (url: string, writer: string, body: object) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: carla.cookie, [WRITER_ACCOUNT_HEADER]: writer },
        payload: body,
      });
    const stale = await post('/api/progress', alice.userId, payload);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error.code).toBe('UNAUTHORIZED');
    expect(await progressOf(carla, chapter.id)).toBeUndefined();
    expect(await progressOf(alice, chapter.id)).toBeUndefined();
    const bookmark = await post('/api/bookmarks', alice.userId, {
      chapterId: chapter.id,
      positionSeconds: 12,
    });
    expect(bookmark.statusCode).toBe(401);

    // Named as its session's own, the same write is taken.
    const own = await post('/api/progress', carla.userId, payload);
    expect(own.statusCode).toBe(200);
    expect(await progressOf(carla, chapter.id)).toMatchObject({ lastPositionSeconds: 12 });
  });

  it('keeps the newest save when an older one arrives late', async () => {
    const chapter = chapterOf(0, 1);
    const base = Date.now();
    expect(
      (await save(alice, chapter, 50, { clientTimestamp: base, sentAt: base })).json().applied,
    ).toBe(true);
    const late = await save(alice, chapter, 10, { clientTimestamp: base - 5000, sentAt: base });
    expect(late.json().applied).toBe(false);
    expect(late.json().progress.lastPositionSeconds).toBe(50);
    expect((await progressOf(alice, chapter.id)).lastPositionSeconds).toBe(50);
  });

  it("corrects a client clock that runs behind, so another device's newer save still wins", async () => {
    const chapter = chapterOf(0, 2);
    const now = Date.now();
    // Device A's clock is right; it saved 5 s ago.
    await save(alice, chapter, 40, { clientTimestamp: now - 5000, sentAt: now });
    // Device B's clock is 10 minutes behind; it saved just now by its own clock.
    const skewed = now - 600_000;
    const res = await save(alice, chapter, 45, { clientTimestamp: skewed, sentAt: skewed });
    expect(res.json().applied).toBe(true);
    expect((await progressOf(alice, chapter.id)).lastPositionSeconds).toBe(45);
  });

  it('completes a chapter at its end and keeps it completed at 100 % on replay', async () => {
    const chapter = chapterOf(0, 3);
    const end = await save(alice, chapter, chapter.duration! - 1);
    expect(end.json().progress).toMatchObject({ completed: true, progressPercentage: 100 });
    const replay = await save(alice, chapter, 5, { clientTimestamp: Date.now() + 1 });
    expect(replay.json().progress).toMatchObject({
      completed: true,
      progressPercentage: 100,
      lastPositionSeconds: 5,
    });
  });

  it('awards achievements and counts words learned on completion', async () => {
    const user = await signedInUser(t);
    const chapter = chapterOf(0);
    const res = await save(user, chapter, chapter.duration!);
    expect(res.json().newAchievements).toContain('first_chapter');
    const again = await save(user, chapter, chapter.duration!, {
      clientTimestamp: Date.now() + 10,
    });
    expect(again.json().newAchievements).toEqual([]);
    const vocabulary = await t.app.inject({
      method: 'GET',
      url: '/api/vocabulary',
      headers: { cookie: user.cookie },
    });
    expect(vocabulary.json().vocabulary.totalWordsLearned).toBeGreaterThan(20);
    const achievements = await t.app.inject({
      method: 'GET',
      url: '/api/me/achievements',
      headers: { cookie: user.cookie },
    });
    expect(achievements.json().achievements.map((a: { key: string }) => a.key)).toEqual([
      'first_chapter',
    ]);
    const knowledge = await t.app.inject({
      method: 'GET',
      url: `/api/chapters/${chapter.id}/vocabulary`,
      headers: { cookie: user.cookie },
    });
    expect(knowledge.json().knownPercentage).toBe(100);
    const next = await t.app.inject({
      method: 'GET',
      url: `/api/chapters/${chapterOf(0, 1).id}/vocabulary`,
      headers: { cookie: user.cookie },
    });
    expect(next.json().knownPercentage).toBeGreaterThan(20);
    expect(next.json().knownPercentage).toBeLessThan(100);
    expect(next.json().newWordIds.length).toBeGreaterThan(0);
  });

  it('refuses a duration that does not match the chapter, and a position past the end', async () => {
    const chapter = chapterOf(0);
    const wrong = await save(alice, chapter, 10, { durationSeconds: chapter.duration! * 3 });
    expect(wrong.statusCode).toBe(400);
    const past = await save(alice, chapter, chapter.duration! + 30);
    expect(past.statusCode).toBe(400);
  });

  it.each([
    [{ chapterId: 'nope', positionSeconds: 1, durationSeconds: 10, clientTimestamp: 1, sentAt: 1 }],
    [{ positionSeconds: -1, durationSeconds: 10, clientTimestamp: 1, sentAt: 1 }],
    [{ positionSeconds: 1, durationSeconds: 0, clientTimestamp: 1, sentAt: 1 }],
    [{ positionSeconds: '1', durationSeconds: 10, clientTimestamp: 1, sentAt: 1 }],
    [{ positionSeconds: 1, durationSeconds: 10, clientTimestamp: 1, sentAt: 1, userId: 'x' }],
  ])('refuses bad input %j with a 4xx', async (payload) => {
    const body = { chapterId: chapterOf(0).id, ...payload };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/progress',
      headers: { cookie: alice.cookie },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses visitors and unknown or draft chapters', async () => {
    expect((await save(null, chapterOf(0), 5)).statusCode).toBe(401);
    const draft = await insertStory(t.database.db, { status: 'draft', publishedAt: null }, 1);
    expect((await save(alice, { id: draft.chapters[0]!.id, duration: 60 }, 5)).statusCode).toBe(
      404,
    );
  });
});

describe('reading progress', () => {
  it('shows each user only their own rows', async () => {
    const chapter = chapterOf(1);
    await save(bob, chapter, 12);
    const alices = await t.app.inject({
      method: 'GET',
      url: '/api/progress',
      headers: { cookie: alice.cookie },
    });
    expect(
      alices.json().progress.some((row: { chapterId: string }) => row.chapterId === chapter.id),
    ).toBe(false);
    const bobs = await t.app.inject({
      method: 'GET',
      url: '/api/progress',
      headers: { cookie: bob.cookie },
    });
    expect(bobs.json().progress).toHaveLength(1);
  });

  it('lists the last 3 chapters with their stories, newest first', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/progress/recent',
      headers: { cookie: alice.cookie },
    });
    const chapters = res.json().chapters;
    expect(chapters).toHaveLength(3);
    expect(chapters[0].story.slug).toBe(stories[0]!.slug);
    const times = chapters.map((c: { lastAccessedAt: string }) => Date.parse(c.lastAccessedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('refuses a malformed chapter id list', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/progress?chapterIds=a,b',
      headers: { cookie: alice.cookie },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('live progress across sessions', () => {
  it('delivers a save made in another session over Server-Sent Events', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const secondSession = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: alice.email, password: alice.password },
    });
    const otherCookie = String(secondSession.headers['set-cookie'])
      .split(',')
      .map((c) => c.split(';')[0]!.trim())
      .filter((c) => c.includes('session_token='))
      .join('; ');

    const stream = await openEventStreamReader(`http://127.0.0.1:${port}/api/progress/events`, {
      cookie: alice.cookie,
    });
    expect(stream.contentType).toContain('text/event-stream');
    await stream.readUntil('event: ready');

    const chapter = chapterOf(2);
    const saved = await save({ cookie: otherCookie }, chapter, 33, { deviceId: 'tablet' });
    expect(saved.statusCode).toBe(200);
    await stream.readUntil('event: progress');
    const data = stream.received().split('event: progress\ndata: ')[1]!.split('\n')[0]!;
    // The event is the stored save exactly as the save's own answer shows it.
    expect(saved.json().progress).toMatchObject({ chapterId: chapter.id, lastPositionSeconds: 33 });
    expect(JSON.parse(data)).toEqual({ deviceId: 'tablet', progress: saved.json().progress });
    stream.close();
  });
});

describe('words learned while the storage cannot be reached', () => {
  it("counts a chapter completed then at the learner's next completion, not as no words for good", async () => {
    const { t: site, alice, bob, stories: library } = await demoAppWithTwoLearners();
    const bucket = switchableStorage(site.storage);
    const cut = await startSecondInstance(site, bucket.storage);
    try {
      const [first, second] = library[0]!.chapters;
      const complete = (user: SignedInUser, chapter: typeof first) => {
        const now = Date.now();
        return cut.app.inject({
          method: 'POST',
          url: '/api/progress',
          headers: { cookie: user.cookie },
          payload: {
            chapterId: chapter!.id,
            positionSeconds: chapter!.duration,
            durationSeconds: chapter!.duration,
            clientTimestamp: now,
            sentAt: now,
          },
        });
      };
      const learned = async (user: SignedInUser) =>
        (
          await cut.app.inject({
            method: 'GET',
            url: '/api/vocabulary',
            headers: { cookie: user.cookie },
          })
        ).json().vocabulary.totalWordsLearned as number;

      bucket.setReachable(false);
      expect((await complete(alice, first)).json().progress.completed).toBe(true);
      expect(await learned(alice)).toBe(0);

      // Reachable again: Alice's next chapter counts the first one's words too.
      bucket.setReachable(true);
      await complete(alice, second);
      await complete(bob, second);
      expect(await learned(bob)).toBeGreaterThan(0);
      expect(await learned(alice)).toBeGreaterThan(await learned(bob));
    } finally {
      await cut.close();
      await site.close();
    }
  });
});
