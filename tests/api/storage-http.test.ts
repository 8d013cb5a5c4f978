import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { isBucket } from '#shared/files';
import { notFound } from '../../src/server/lib/errors.ts';
import { registerErrorHandler } from '../../src/server/lib/http/error-handler.ts';
import { sendObject } from '../../src/server/lib/storage/send-object.ts';
import type { ObjectInfo } from '../../src/server/lib/storage/storage.ts';
import { createFixture, type StorageFixture, storageKinds } from './storage-helpers.ts';

const body = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

describe.each(storageKinds)('sendObject over %s storage', (kind) => {
  let fixture: StorageFixture;
  let app: FastifyInstance;
  let info: ObjectInfo;

  beforeAll(async () => {
    fixture = await createFixture(kind);
    const { storage } = fixture;
    app = Fastify();
    registerErrorHandler(app);
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const params = request.params as { bucket: string; '*'?: string };
      const query = request.query as {
        download?: string;
        cc?: string;
        type?: string;
        key?: string;
      };
      const { bucket } = params;
      const key = params['*'] ?? query.key ?? '';
      if (!isBucket(bucket)) throw notFound('No such bucket');
      return sendObject(request, reply, storage, bucket, key, {
        ...(query.download !== undefined ? { downloadName: query.download } : {}),
        ...(query.cc !== undefined ? { cacheControl: query.cc } : {}),
        ...(query.type !== undefined ? { contentType: query.type } : {}),
      });
    };
    // GET only: Fastify adds the HEAD route itself.
    app.get('/obj/:bucket/*', handler);
    // Explicit GET + HEAD, as the application's routes do.
    app.route({ method: ['GET', 'HEAD'], url: '/both/:bucket/*', handler });
    // The key as given, without URL path normalisation: ?key=...
    app.get('/q/:bucket', handler);
    await app.ready();

    info = await storage.put('audios', '2026/11/chapter.mp3', body, 'audio/mpeg');
    await storage.put('uploads', 'empty.txt', Buffer.alloc(0), 'text/plain');
  });

  afterAll(async () => {
    await app?.close();
    await fixture?.cleanup();
  });

  const url = '/obj/audios/2026/11/chapter.mp3';

  it('200 with the whole object and its headers', async () => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(body)).toBe(true);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['content-length']).toBe('1000');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['etag']).toBe(info.etag);
    expect(res.headers['last-modified']).toBe(
      new Date(Math.floor(info.lastModified.getTime() / 1000) * 1000).toUTCString(),
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
    expect(res.headers['content-range']).toBeUndefined();
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('options: cache control, content type and download name', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${url}?cc=${encodeURIComponent('public, max-age=3600')}&type=${encodeURIComponent('audio/mp4')}&download=${encodeURIComponent('Capítulo 1.mp3')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['content-type']).toBe('audio/mp4');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Cap_tulo 1.mp3"; filename*=UTF-8''Cap%C3%ADtulo%201.mp3`,
    );
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=100-', 100, 999],
    ['bytes=-50', 950, 999],
    ['bytes=0-0', 0, 0],
    ['bytes=999-', 999, 999],
    ['bytes=900-5000', 900, 999],
    ['bytes=0-', 0, 999],
  ])('206 for %s', async (range, start, end) => {
    const res = await app.inject({ method: 'GET', url, headers: { range } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['etag']).toBe(info.etag);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.equals(body.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=999999-', 'bytes=1000-', 'bytes=-0'])('416 for %s', async (range) => {
    const res = await app.inject({ method: 'GET', url, headers: { range } });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */1000');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ error: { code: 'RANGE_NOT_SATISFIABLE' } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['etag']).toBeUndefined();
  });

  it('416 for any range of an empty object, 200 without range', async () => {
    const r416 = await app.inject({
      method: 'GET',
      url: '/obj/uploads/empty.txt',
      headers: { range: 'bytes=0-' },
    });
    expect(r416.statusCode).toBe(416);
    expect(r416.headers['content-range']).toBe('bytes */0');
    const r200 = await app.inject({ method: 'GET', url: '/obj/uploads/empty.txt' });
    expect(r200.statusCode).toBe(200);
    expect(r200.headers['content-length']).toBe('0');
    expect(r200.rawPayload.length).toBe(0);
  });

  it.each(['bytes=abc', 'bytes=10-5', 'bytes=0-9,20-29', 'items=0-9', 'bytes=-', 'bytes 0-9'])(
    'malformed or multi-range %s: 200 with the whole object',
    async (range) => {
      const res = await app.inject({ method: 'GET', url, headers: { range } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-range']).toBeUndefined();
      expect(res.rawPayload.equals(body)).toBe(true);
    },
  );

  describe('conditional requests', () => {
    it('304 on a matching If-None-Match (strong, weak, list, *)', async () => {
      for (const inm of [info.etag, `W/${info.etag}`, `"other", ${info.etag}`, '*']) {
        const res = await app.inject({ method: 'GET', url, headers: { 'if-none-match': inm } });
        expect(res.statusCode, inm).toBe(304);
        expect(res.rawPayload.length).toBe(0);
        expect(res.headers['etag']).toBe(info.etag);
        expect(res.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
      }
    });

    it('200 on a different If-None-Match, even with a later If-Modified-Since', async () => {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: {
          'if-none-match': '"something-else"',
          'if-modified-since': new Date(Date.now() + 86_400_000).toUTCString(),
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(body)).toBe(true);
    });

    it('If-Modified-Since: 304 when not modified since, 200 otherwise', async () => {
      const lastModified = (await app.inject({ method: 'GET', url })).headers[
        'last-modified'
      ] as string;
      const same = await app.inject({
        method: 'GET',
        url,
        headers: { 'if-modified-since': lastModified },
      });
      expect(same.statusCode).toBe(304);
      const later = await app.inject({
        method: 'GET',
        url,
        headers: { 'if-modified-since': new Date(Date.now() + 3_600_000).toUTCString() },
      });
      expect(later.statusCode).toBe(304);
      const earlier = await app.inject({
        method: 'GET',
        url,
        headers: {
          'if-modified-since': new Date(info.lastModified.getTime() - 3_600_000).toUTCString(),
        },
      });
      expect(earlier.statusCode).toBe(200);
      const invalid = await app.inject({
        method: 'GET',
        url,
        headers: { 'if-modified-since': 'yesterday' },
      });
      expect(invalid.statusCode).toBe(200);
    });

    it('If-Range with the current ETag or Last-Modified applies the range', async () => {
      const lastModified = new Date(
        Math.floor(info.lastModified.getTime() / 1000) * 1000,
      ).toUTCString();
      for (const ifRange of [info.etag, lastModified]) {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { range: 'bytes=0-9', 'if-range': ifRange },
        });
        expect(res.statusCode, ifRange).toBe(206);
        expect(res.rawPayload.equals(body.subarray(0, 10))).toBe(true);
      }
    });

    it('If-Range that does not match (other or weak ETag, other date) sends the whole object', async () => {
      for (const ifRange of [
        '"stale"',
        `W/${info.etag}`,
        'Thu, 01 Jan 2004 00:00:00 GMT',
        'garbage',
      ]) {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { range: 'bytes=0-9', 'if-range': ifRange },
        });
        expect(res.statusCode, ifRange).toBe(200);
        expect(res.headers['content-range']).toBeUndefined();
        expect(res.rawPayload.equals(body)).toBe(true);
      }
    });

    it('If-Range that does not match also lifts a 416', async () => {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: { range: 'bytes=999999-', 'if-range': '"stale"' },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe.each(['/obj', '/both'])('HEAD (%s route)', (prefix) => {
    const headUrl = `${prefix}/audios/2026/11/chapter.mp3`;

    it('headers only, with the full Content-Length', async () => {
      const res = await app.inject({ method: 'HEAD', url: headUrl });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers['content-length']).toBe('1000');
      expect(res.headers['content-type']).toBe('audio/mpeg');
      expect(res.headers['etag']).toBe(info.etag);
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['last-modified']).toBeDefined();
    });

    it('ignores Range (range handling is defined for GET only)', async () => {
      const res = await app.inject({
        method: 'HEAD',
        url: headUrl,
        headers: { range: 'bytes=0-9' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe('1000');
      expect(res.headers['content-range']).toBeUndefined();
    });

    it('304 on If-None-Match', async () => {
      const res = await app.inject({
        method: 'HEAD',
        url: headUrl,
        headers: { 'if-none-match': info.etag },
      });
      expect(res.statusCode).toBe(304);
      expect(res.rawPayload.length).toBe(0);
    });

    it('404 for a missing object', async () => {
      const res = await app.inject({ method: 'HEAD', url: `${prefix}/audios/2026/11/missing.mp3` });
      expect(res.statusCode).toBe(404);
    });
  });

  it('GET on the explicit GET+HEAD route works the same', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/both/audios/2026/11/chapter.mp3',
      headers: { range: 'bytes=-50' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(body.subarray(950))).toBe(true);
  });

  it('404 with the common error body for a missing object', async () => {
    const res = await app.inject({ method: 'GET', url: '/obj/audios/2026/11/missing.mp3' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'File not found' } });
    expect(res.headers['etag']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('404 for a missing object even with a Range header', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/obj/audios/nope.mp3',
      headers: { range: 'bytes=0-1' },
    });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    '/obj/audios/..%2F..%2Fetc%2Fpasswd',
    '/obj/audios/%2E%2E%2Fx',
    '/obj/audios/a%5Cb',
    '/obj/audios/a%00b',
    '/obj/audios/a%2F..%2F..%2Fb',
    '/obj/audios/%2Fetc%2Fpasswd',
    '/obj/audios/2026//x',
    '/obj/audios/.hidden',
    '/obj/audios/%252e%252e%252fx',
  ])('400 for the traversal attempt %s', async (path) => {
    const res = await app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
  });

  it('dot segments in the path are resolved by URL parsing before routing (never a key)', async () => {
    // `/obj/audios/%2e%2e/%2e%2e/%2e%2e/etc/passwd` is `/etc/passwd`: no route
    const out = await app.inject({
      method: 'GET',
      url: '/obj/audios/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    });
    expect(out.statusCode).toBe(404);
    expect(out.body).not.toContain('root:');
    // `/obj/audios/%2e%2e/audios/…` is `/obj/audios/…`: the same object, inside the bucket
    const inside = await app.inject({
      method: 'GET',
      url: '/obj/audios/%2e%2e/audios/2026/11/chapter.mp3',
    });
    expect(inside.statusCode).toBe(200);
  });

  it.each([
    '../x',
    '/etc/passwd',
    'a/../../b',
    'a\\b',
    'a\u0000b',
    '%2e%2e/x',
    '%2E%2E%2Fx',
    '..%2f2026/11/chapter.mp3',
    '',
  ])('400 for the raw key %j', async (key) => {
    const res = await app.inject({
      method: 'GET',
      url: `/q/audios?key=${encodeURIComponent(key)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
  });

  it('the raw-key route serves a safe key', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/q/audios?key=${encodeURIComponent('2026/11/chapter.mp3')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(body)).toBe(true);
  });

  it('unknown bucket: the route answers 404, sendObject itself refuses with 400', async () => {
    const res = await app.inject({ method: 'GET', url: '/obj/secrets/a.txt' });
    expect(res.statusCode).toBe(404);
  });
});
