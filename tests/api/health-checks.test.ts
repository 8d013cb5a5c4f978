import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '#shared/errors';
import { signedInUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('liveness and readiness', () => {
  it('live answers without touching anything', async () => {
    const res = await get('/api/health/live');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('ready reports database, storage and audio decoding, without details for anonymous callers', async () => {
    for (const url of ['/api/health/ready', '/api/health']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        status: 'ok',
        shuttingDown: false,
        database: { ok: true },
        storage: { ok: true, kind: 'disk' },
        audioDecoding: { ok: true },
      });
      expect(res.body).not.toContain('detail');
      expect(res.body).not.toContain('ffmpeg');
    }
  });

  it('gives administrators the details (which ffmpeg answered)', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const body = (await get('/api/health/ready', admin.cookie)).json();
    expect(body.audioDecoding.detail).toMatch(/^ffmpeg/);
    const learner = await signedInUser(t);
    expect((await get('/api/health/ready', learner.cookie)).body).not.toContain('detail');
  });

  it('answers 503 once the instance is shutting down, while live still answers 200', async () => {
    const closing = await createTestApp();
    try {
      closing.app.context.services.health.beginShutdown();
      const ready = await closing.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', shuttingDown: true });
      const live = await closing.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      await closing.close();
    }
  });

  it('answers 503 without the error text when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.database.pool.end();
    try {
      const res = await broken.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', database: { ok: false } });
      expect(res.body).not.toMatch(/pool|detail/i);
    } finally {
      await broken.app.close();
    }
  });
});

describe('unknown API addresses', () => {
  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api/health/nope'],
    ['POST', '/api/stories/unknown/thing'],
  ] as const)('%s %s is a JSON 404 in the common shape', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('NOT_FOUND');
  });
});
