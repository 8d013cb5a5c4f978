import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertStory } from './helpers/fixtures.ts';
import { signedInUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let user: Awaited<ReturnType<typeof signedInUser>>;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  user = await signedInUser(t);
  admin = await signedInUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

/** Every admin route: each must answer 401 to visitors and 403 to users. */
const adminRoutes = [
  { method: 'GET' as const, url: '/api/admin/dashboard' },
  { method: 'GET' as const, url: '/api/admin/support-settings' },
];

describe('admin routes', () => {
  it.each(adminRoutes)(
    '$method $url: 401 visitor, 403 user, 200 admin',
    async ({ method, url }) => {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method, url, headers: { cookie: user.cookie } })).statusCode,
      ).toBe(403);
      expect(
        (await t.app.inject({ method, url, headers: { cookie: admin.cookie } })).statusCode,
      ).toBe(200);
    },
  );

  it('lists every /api/admin route here', () => {
    const registered = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .filter((line) => line.includes('admin/'));
    expect(registered.length).toBeGreaterThan(0);
    expect(adminRoutes.length).toBeGreaterThanOrEqual(registered.length);
  });

  it('counts stories, chapters, profiles and feedback', async () => {
    await insertStory(t.database.db, {}, 3);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { cookie: admin.cookie },
    });
    expect(res.json().counts).toEqual({ stories: 1, chapters: 3, profiles: 2, feedback: 0 });
  });

  it('exposes the role of the current user', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: admin.cookie },
    });
    expect(res.json().user.role).toBe('admin');
  });
});

describe('premium media', () => {
  it('serves audio and transcripts of stories that need login to signed-in users only', async () => {
    const { chapters } = await insertStory(t.database.db, { requiresLogin: true }, 1);
    await t.storage.put('audios', 'test/a.m4a', Buffer.from('0000ftypM4A '), 'audio/mp4');
    await t.storage.put('trans', 'test/a.json', Buffer.from('{"segments":[]}'), 'application/json');
    const { chapters: chaptersTable } = await import('#server/db/schema');
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(chaptersTable)
      .set({ audioFileId: 'test/a.m4a', transcriptFileId: 'test/a.json' })
      .where(eq(chaptersTable.id, chapters[0]!.id));

    for (const kind of ['audio', 'transcript']) {
      const url = `/api/chapters/${chapters[0]!.id}/${kind}`;
      const visitor = await t.app.inject({ method: 'GET', url });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().error.message).toBe('Please sign in to access this story');
      const member = await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
      expect(member.statusCode).toBe(200);
      expect(member.headers['cache-control']).toContain('private');
    }
  });
});
