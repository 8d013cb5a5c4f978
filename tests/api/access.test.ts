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

/**
 * Every registered /api/admin route and method, read from the router (so a new screen's routes
 * are covered without listing them): `:param` segments get a well-formed id.
 */
function registeredAdminRoutes(): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /(\/api\/admin\/\S*) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const url = match[1]!.replace(/:[^/]+/g, '8c5b8a5e-3c55-4c77-9d1c-0c3f7e1f5a10');
    for (const method of match[2]!.split(', ')) if (method !== 'HEAD') routes.push({ method, url });
  }
  return routes;
}

describe('admin routes', () => {
  it('answer 401 to visitors and 403 to users, before reading any input', async () => {
    const routes = registeredAdminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(3);
    for (const { method, url } of routes) {
      const as = (cookie?: string) =>
        t.app.inject({
          method: method as 'GET',
          url,
          headers: { ...(cookie ? { cookie } : {}), origin: 'http://localhost:3000' },
        });
      expect((await as()).statusCode, `${method} ${url} visitor`).toBe(401);
      expect((await as(user.cookie)).statusCode, `${method} ${url} user`).toBe(403);
    }
  });

  it.each(['/api/admin/dashboard', '/api/admin/support-settings'])(
    'GET %s answers an admin',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
      expect(res.statusCode).toBe(200);
    },
  );

  it('counts stories, chapters, profiles and feedback', async () => {
    await insertStory(t.database.db, {}, 3);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { cookie: admin.cookie },
    });
    expect(res.json().counts).toEqual({
      stories: 1,
      chapters: 3,
      profiles: 2,
      feedback: 0,
      openFeedback: 0,
    });
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
    const { audioFileId, transcriptFileId } = chapters[0]!;
    await t.storage.put('audios', audioFileId, Buffer.from('0000ftypM4A '), 'audio/mp4');
    await t.storage.put(
      'trans',
      transcriptFileId,
      Buffer.from('{"segments":[]}'),
      'application/json',
    );

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
