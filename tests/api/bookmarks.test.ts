import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './helpers/accounts.ts';
import { insertStory } from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInUser>>;
let bob: Awaited<ReturnType<typeof signedInUser>>;
let chapterId: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInUser(t);
  bob = await signedInUser(t);
  chapterId = (await insertStory(t.database.db, {}, 1)).chapters[0]!.id;
});
afterAll(async () => {
  await t.close();
});

const call = (
  user: { cookie: string } | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} });

describe('bookmarks', () => {
  it('creates, lists by position, edits and deletes your own bookmarks', async () => {
    const later = await call(alice, 'POST', '/api/bookmarks', {
      chapterId,
      positionSeconds: 42.5,
      note: 'la palabra "miel"',
    });
    expect(later.statusCode).toBe(201);
    const earlier = await call(alice, 'POST', '/api/bookmarks', {
      chapterId,
      positionSeconds: 3,
      segmentId: 's1',
    });
    expect(earlier.json().bookmark).toMatchObject({
      positionSeconds: 3,
      segmentId: 's1',
      note: null,
    });

    const list = await call(alice, 'GET', `/api/bookmarks?chapterId=${chapterId}`);
    expect(
      list.json().bookmarks.map((b: { positionSeconds: number }) => b.positionSeconds),
    ).toEqual([3, 42.5]);

    const id = later.json().bookmark.id;
    const edited = await call(alice, 'PATCH', `/api/bookmarks/${id}`, { note: 'repasar' });
    expect(edited.json().bookmark.note).toBe('repasar');

    const all = await call(alice, 'GET', '/api/bookmarks');
    expect(all.json().bookmarks[0]).toHaveProperty('storyTitle');

    expect((await call(alice, 'DELETE', `/api/bookmarks/${id}`)).statusCode).toBe(204);
    expect(
      (await call(alice, 'GET', `/api/bookmarks?chapterId=${chapterId}`)).json().bookmarks,
    ).toHaveLength(1);
  });

  it("never reads, edits or deletes another user's bookmark", async () => {
    const mine = (
      await call(alice, 'POST', '/api/bookmarks', { chapterId, positionSeconds: 9 })
    ).json().bookmark;
    expect(
      (await call(bob, 'GET', `/api/bookmarks?chapterId=${chapterId}`)).json().bookmarks,
    ).toEqual([]);
    expect(
      (await call(bob, 'PATCH', `/api/bookmarks/${mine.id}`, { note: 'mine now' })).statusCode,
    ).toBe(404);
    expect((await call(bob, 'DELETE', `/api/bookmarks/${mine.id}`)).statusCode).toBe(404);
    const still = (await call(alice, 'GET', `/api/bookmarks?chapterId=${chapterId}`)).json()
      .bookmarks;
    expect(still.find((b: { id: string }) => b.id === mine.id).note).toBeNull();
  });

  it('refuses visitors and bad input', async () => {
    expect((await call(null, 'GET', '/api/bookmarks')).statusCode).toBe(401);
    expect(
      (await call(alice, 'POST', '/api/bookmarks', { chapterId, positionSeconds: -1 })).statusCode,
    ).toBe(400);
    expect(
      (
        await call(alice, 'POST', '/api/bookmarks', {
          chapterId,
          positionSeconds: 1,
          note: 'x'.repeat(1001),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(alice, 'POST', '/api/bookmarks', {
          chapterId: '00000000-0000-4000-8000-000000000000',
          positionSeconds: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(alice, 'PATCH', '/api/bookmarks/not-an-id', { note: 'x' })).statusCode).toBe(
      400,
    );
  });
});
