import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chapters, stories } from '#server/db/schema';
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

  it("lists a bookmark under the titles learners see: the published revision's, else the working copy's", async () => {
    const {
      story,
      chapters: [chapter],
    } = await insertStory(t.database.db, { title: 'El faro' }, 1);
    const user = await signedInUser(t);
    expect(
      (await call(user, 'POST', '/api/bookmarks', { chapterId: chapter!.id, positionSeconds: 1 }))
        .statusCode,
    ).toBe(201);
    const listed = async () =>
      (await call(user, 'GET', '/api/bookmarks')).json().bookmarks[0] as {
        storyTitle: string;
        chapterTitle: string;
      };
    // An administrator renames both in the working copy: learners keep the published titles.
    await t.database.db
      .update(stories)
      .set({ title: 'El faro (borrador)' })
      .where(eq(stories.id, story.id));
    await t.database.db
      .update(chapters)
      .set({ title: 'Capítulo nuevo' })
      .where(eq(chapters.id, chapter!.id));
    expect(await listed()).toMatchObject({ storyTitle: 'El faro', chapterTitle: 'Chapter 1' });
    // A chapter the published revision does not hold goes by its working copy's titles.
    await t.database.db
      .update(stories)
      .set({ publishedRevision: { ...story.publishedRevision!, chapters: [] } })
      .where(eq(stories.id, story.id));
    expect(await listed()).toMatchObject({
      storyTitle: 'El faro (borrador)',
      chapterTitle: 'Capítulo nuevo',
    });
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
    // A delete of something you do not have is success and changes nothing (decision 041).
    expect((await call(bob, 'DELETE', `/api/bookmarks/${mine.id}`)).statusCode).toBe(204);
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

describe('bookmarks made offline (decision 041)', () => {
  it('makes one bookmark of a client-made id sent twice, answering the existing one', async () => {
    const id = randomUUID();
    const body = { id, chapterId, positionSeconds: 12, note: 'en el tren' };
    const first = await call(alice, 'POST', '/api/bookmarks', body);
    expect(first.statusCode).toBe(201);
    expect(first.json().bookmark).toMatchObject({ id, positionSeconds: 12, note: 'en el tren' });
    const again = await call(alice, 'POST', '/api/bookmarks', { ...body, note: 'otra vez' });
    expect(again.statusCode).toBe(200);
    expect(again.json().bookmark).toEqual(first.json().bookmark);
    const mine = (await call(alice, 'GET', `/api/bookmarks?chapterId=${chapterId}`)).json()
      .bookmarks as Array<{ id: string }>;
    expect(mine.filter((bookmark) => bookmark.id === id)).toHaveLength(1);
  });

  it("refuses an id another user's bookmark holds, without showing it", async () => {
    const id = randomUUID();
    await call(alice, 'POST', '/api/bookmarks', {
      id,
      chapterId,
      positionSeconds: 20,
      note: 'privado',
    });
    const refused = await call(bob, 'POST', '/api/bookmarks', {
      id,
      chapterId,
      positionSeconds: 1,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: { code: 'CONFLICT', message: 'This bookmark id is taken' },
    });
    expect(refused.body).not.toContain('privado');
    expect(
      (await call(bob, 'GET', `/api/bookmarks?chapterId=${chapterId}`)).json().bookmarks,
    ).toEqual([]);
  });

  it('applies the newest note edit: an older one arriving late answers the current bookmark', async () => {
    const now = Date.now();
    // Made offline ten minutes ago, edited since: each edit is newer than the bookmark.
    const id = (
      await call(alice, 'POST', '/api/bookmarks', {
        id: randomUUID(),
        chapterId,
        positionSeconds: 30,
        note: 'first',
        editedAt: now - 600_000,
        sentAt: now,
      })
    ).json().bookmark.id;
    const newer = await call(alice, 'PATCH', `/api/bookmarks/${id}`, {
      note: 'newer',
      editedAt: now - 60_000,
      sentAt: now,
    });
    expect(newer.json().bookmark.note).toBe('newer');
    // Made two minutes ago on a device that was offline; its clock runs an hour behind.
    const hour = 3_600_000;
    const older = await call(alice, 'PATCH', `/api/bookmarks/${id}`, {
      note: 'older',
      editedAt: now - hour - 120_000,
      sentAt: now - hour,
    });
    expect(older.statusCode).toBe(200);
    expect(older.json().bookmark).toMatchObject({ id, note: 'newer' });
    // The same device's clock would call this edit old; corrected, it is the newest.
    const latest = await call(alice, 'PATCH', `/api/bookmarks/${id}`, {
      note: 'latest',
      editedAt: now - hour - 1_000,
      sentAt: now - hour,
    });
    expect(latest.json().bookmark.note).toBe('latest');
    // An edit without a time is made now, so it wins over everything before.
    const plain = await call(alice, 'PATCH', `/api/bookmarks/${id}`, { note: null });
    expect(plain.json().bookmark.note).toBeNull();
    const stored = (await call(alice, 'GET', `/api/bookmarks?chapterId=${chapterId}`)).json()
      .bookmarks as Array<{ id: string; note: string | null }>;
    expect(stored.find((bookmark) => bookmark.id === id)!.note).toBeNull();
    expect(
      (await call(alice, 'PATCH', `/api/bookmarks/${id}`, { note: 'x', editedAt: now })).statusCode,
    ).toBe(400);
  });

  it('answers 204 for a delete of a bookmark already gone; an edit of it is 404', async () => {
    const id = (
      await call(alice, 'POST', '/api/bookmarks', { chapterId, positionSeconds: 40 })
    ).json().bookmark.id;
    expect((await call(alice, 'DELETE', `/api/bookmarks/${id}`)).statusCode).toBe(204);
    expect((await call(alice, 'DELETE', `/api/bookmarks/${id}`)).statusCode).toBe(204);
    expect((await call(alice, 'DELETE', `/api/bookmarks/${randomUUID()}`)).statusCode).toBe(204);
    const edit = await call(alice, 'PATCH', `/api/bookmarks/${id}`, { note: 'late' });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().error.code).toBe('NOT_FOUND');
  });
});
