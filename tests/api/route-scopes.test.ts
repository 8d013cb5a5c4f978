import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// What a route scope says once for its routes (src/server/lib/http/route-scope.ts): the admin
// scope and the learner scope answer `no-store`, and every route's schema declares the scope's
// refusals (401/403) and, when it validates an input, 400.

let t: TestApp;
let learner: Awaited<ReturnType<typeof signedInUser>>;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let doc: { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

beforeAll(async () => {
  t = await createTestApp();
  learner = await signedInUser(t);
  admin = await signedInUser(t, { role: 'admin' });
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await t.close();
});

const statusesOf = (path: string, method: string) =>
  Object.keys(doc.paths[path]?.[method]?.responses ?? {}).sort();

const get = (url: string, user?: { cookie: string }) =>
  t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });

describe('error answers declared once per scope', () => {
  it('an admin route lists 401 and 403, and 400 only when it validates an input', () => {
    expect(statusesOf('/api/admin/dashboard', 'get')).toEqual(['200', '401', '403']);
    expect(statusesOf('/api/admin/users/{id}/role', 'patch')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
    ]);
  });

  it('a learner route lists 401, 400 when it validates an input, and its own refusals', () => {
    expect(statusesOf('/api/me/profile', 'get')).toEqual(['200', '401']);
    expect(statusesOf('/api/bookmarks', 'post')).toEqual([
      '200',
      '201',
      '400',
      '401',
      '404',
      '409',
    ]);
    expect(statusesOf('/api/me/avatar', 'post')).toEqual(['200', '400', '401', '413', '415']);
  });

  it('a public route lists no sign-in refusal, and 400 when it validates an input', () => {
    expect(statusesOf('/api/site/settings', 'get')).toEqual(['200']);
    expect(statusesOf('/api/contact', 'post')).toEqual(['201', '400', '429']);
  });
});

describe('no-store set once per scope', () => {
  it('admin answers, refusals included, are never stored', async () => {
    for (const [user, status] of [
      [admin, 200],
      [learner, 403],
      [undefined, 401],
    ] as const) {
      const res = await get('/api/admin/dashboard', user);
      expect(res.statusCode).toBe(status);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await get('/api/admin/stories', admin)).headers['cache-control']).toBe('no-store');
  });

  it("a learner's answers, refusals included, are never stored", async () => {
    for (const url of [
      '/api/me/profile',
      '/api/bookmarks',
      '/api/me/review/summary?timezoneOffset=0',
    ]) {
      const res = await get(url, learner);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const visitor = await get('/api/bookmarks');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers['cache-control']).toBe('no-store');
  });

  it('public answers keep their own caching', async () => {
    const res = await get('/api/site/settings');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});
