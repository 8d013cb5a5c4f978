import { createHash } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Bucket } from '#shared/files';
import { AppError } from '../../src/server/lib/errors.ts';
import { createStorage } from '../../src/server/lib/storage/index.ts';
import { DiskStorage } from '../../src/server/lib/storage/disk-storage.ts';
import { S3Storage } from '../../src/server/lib/storage/s3-storage.ts';
import { streamToBuffer } from '../../src/server/lib/storage/streams.ts';
import { generateObjectKey, type ObjectStorage } from '../../src/server/lib/storage/storage.ts';
import { httpStatusOf } from '../../src/server/lib/http/error-handler.ts';
import { createFixture, type StorageFixture, storageKinds } from './storage-helpers.ts';

/** Rejects with an AppError of this status (and, optionally, code). */
async function expectAppError(promise: Promise<unknown>, status: number, code?: string) {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, 'expected the call to reject').toBeInstanceOf(AppError);
  expect(httpStatusOf((err as AppError).code)).toBe(status);
  if (code) expect((err as AppError).code).toBe(code);
}

/** A stream that yields some bytes and then fails, like an aborted upload. */
function failingStream(bytesBefore = 64 * 1024): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(Buffer.alloc(bytesBefore, 7));
        setTimeout(() => this.destroy(new Error('client went away')), 5);
      }
    },
  });
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

const text = (n: number) =>
  Buffer.from(Array.from({ length: n }, (_, i) => String.fromCharCode(97 + (i % 26))).join(''));

const unsafeKeys = [
  '../x',
  '/etc/passwd',
  'a/../../b',
  'a\\b',
  'a\u0000b',
  '%2e%2e/x',
  '..%2fx',
  '%2fetc%2fpasswd',
  '..',
  '.',
  './a',
  'a/./b',
  'a/..',
  '',
  'a//b',
  'a/',
  '.hidden',
  '.tmp-123',
  'C:/windows',
  'a b',
  'é.txt',
  'a\nb',
  'x'.repeat(513),
];

describe.each(storageKinds)('%s storage contract', (kind) => {
  let fixture: StorageFixture;
  let storage: ObjectStorage;

  beforeAll(async () => {
    fixture = await createFixture(kind);
    storage = fixture.storage;
  }, 30_000);
  afterAll(async () => {
    await fixture?.cleanup();
  });

  it('has the expected kind', () => {
    expect(storage.kind).toBe(kind);
  });

  it('check() is ok', async () => {
    await expect(storage.check()).resolves.toEqual({ ok: true });
  });

  it('put (Buffer) then head, read and readBuffer', async () => {
    const body = text(1000);
    const before = Date.now();
    const info = await storage.put('audios', 'basic/one.mp3', body, 'audio/mpeg');
    expect(info.size).toBe(1000);
    expect(info.contentType).toBe('audio/mpeg');
    expect(info.etag).toMatch(/^"[^"]+"$/);
    expect(info.lastModified).toBeInstanceOf(Date);
    expect(Math.abs(info.lastModified.getTime() - before)).toBeLessThan(60_000);

    const head = await storage.head('audios', 'basic/one.mp3');
    expect(head).toEqual(info);

    expect((await storage.readBuffer('audios', 'basic/one.mp3')).equals(body)).toBe(true);
    expect((await streamToBuffer(await storage.read('audios', 'basic/one.mp3'))).equals(body)).toBe(
      true,
    );
  });

  it('put (stream, several chunks) keeps content and content type with parameters', async () => {
    const chunks = [Buffer.from('{"a":'), Buffer.from('1,'), Buffer.from('"b":"ñ"}')];
    const info = await storage.put(
      'trans',
      's/t.json',
      Readable.from(chunks),
      'application/json; charset=utf-8',
    );
    expect(info.size).toBe(Buffer.concat(chunks).length);
    expect((await storage.head('trans', 's/t.json'))?.contentType).toBe(
      'application/json; charset=utf-8',
    );
    expect((await storage.readBuffer('trans', 's/t.json')).toString()).toBe('{"a":1,"b":"ñ"}');
  });

  it('put an empty object', async () => {
    const info = await storage.put(
      'uploads',
      'empty.bin',
      Buffer.alloc(0),
      'application/octet-stream',
    );
    expect(info.size).toBe(0);
    expect((await storage.readBuffer('uploads', 'empty.bin')).length).toBe(0);
    await expectAppError(
      storage.read('uploads', 'empty.bin', { start: 0, end: 0 }),
      416,
      'RANGE_NOT_SATISFIABLE',
    );
  });

  it('overwrites an object (new content, new etag)', async () => {
    const a = await storage.put(
      'uploads',
      'over/write.txt',
      Buffer.from('first version'),
      'text/plain',
    );
    const b = await storage.put(
      'uploads',
      'over/write.txt',
      Buffer.from('second, longer version'),
      'text/markdown',
    );
    expect(b.etag).not.toBe(a.etag);
    const head = await storage.head('uploads', 'over/write.txt');
    expect(head?.etag).toBe(b.etag);
    expect(head?.contentType).toBe('text/markdown');
    expect((await storage.readBuffer('uploads', 'over/write.txt')).toString()).toBe(
      'second, longer version',
    );
  });

  it('a large stream (multipart on S3) round-trips', async () => {
    const size = 9 * 1024 * 1024 + 123;
    const big = Buffer.alloc(size);
    for (let i = 0; i < size; i += 4096) big[i] = i % 251;
    const chunks: Buffer[] = [];
    for (let i = 0; i < size; i += 1024 * 1024) chunks.push(big.subarray(i, i + 1024 * 1024));
    const info = await storage.put(
      'audios',
      'big/file.bin',
      Readable.from(chunks),
      'application/octet-stream',
    );
    expect(info.size).toBe(size);
    const back = await storage.readBuffer('audios', 'big/file.bin');
    expect(createHash('sha1').update(back).digest('hex')).toBe(
      createHash('sha1').update(big).digest('hex'),
    );
    const tail = await streamToBuffer(
      await storage.read('audios', 'big/file.bin', { start: size - 10, end: size - 1 }),
    );
    expect(tail.equals(big.subarray(size - 10))).toBe(true);
    await storage.delete('audios', 'big/file.bin');
  }, 60_000);

  it('missing objects: head null, read/readBuffer notFound', async () => {
    expect(await storage.head('audios', 'nope/missing.mp3')).toBeNull();
    await expectAppError(storage.read('audios', 'nope/missing.mp3'), 404, 'NOT_FOUND');
    await expectAppError(storage.readBuffer('audios', 'nope/missing.mp3'), 404, 'NOT_FOUND');
    await expectAppError(storage.read('audios', 'nope/missing.mp3', { start: 0, end: 10 }), 404);
  });

  it('delete removes and is idempotent', async () => {
    await storage.put('series-images', 'del/me.png', Buffer.from('png'), 'image/png');
    await storage.delete('series-images', 'del/me.png');
    expect(await storage.head('series-images', 'del/me.png')).toBeNull();
    await expect(storage.delete('series-images', 'del/me.png')).resolves.toBeUndefined();
    await expect(storage.delete('series-images', 'never/existed.png')).resolves.toBeUndefined();
    expect(await storage.list('series-images', { prefix: 'del/' })).toEqual([]);
  });

  it('buckets are separate', async () => {
    await storage.put('audios', 'same/key.bin', Buffer.from('audio'), 'application/octet-stream');
    expect(await storage.head('trans', 'same/key.bin')).toBeNull();
    await storage.put('trans', 'same/key.bin', Buffer.from('trans'), 'application/octet-stream');
    expect((await storage.readBuffer('audios', 'same/key.bin')).toString()).toBe('audio');
    expect((await storage.readBuffer('trans', 'same/key.bin')).toString()).toBe('trans');
  });

  describe('list', () => {
    const keys = [
      'l/2026/01/b.txt',
      'l/2026/01/a.txt',
      'l/2026/02/c.txt',
      'l/a/b',
      'l/a.txt',
      'l/z.txt',
      'l/2026-x',
    ];
    beforeAll(async () => {
      for (const key of keys) await storage.put('uploads', key, Buffer.from(key), 'text/plain');
    });

    it('returns all keys in byte order', async () => {
      expect(await storage.list('uploads', { prefix: 'l/' })).toEqual([...keys].sort());
      // '-' < '/' and '.' < '/': byte order of whole keys, as S3 lists them
      expect(await storage.list('uploads', { prefix: 'l/' })).toEqual([
        'l/2026-x',
        'l/2026/01/a.txt',
        'l/2026/01/b.txt',
        'l/2026/02/c.txt',
        'l/a.txt',
        'l/a/b',
        'l/z.txt',
      ]);
    });

    it('filters by folder prefix and by partial prefix', async () => {
      expect(await storage.list('uploads', { prefix: 'l/2026/01/' })).toEqual([
        'l/2026/01/a.txt',
        'l/2026/01/b.txt',
      ]);
      expect(await storage.list('uploads', { prefix: 'l/2026/0' })).toEqual([
        'l/2026/01/a.txt',
        'l/2026/01/b.txt',
        'l/2026/02/c.txt',
      ]);
      expect(await storage.list('uploads', { prefix: 'l/2026' })).toHaveLength(4);
      expect(await storage.list('uploads', { prefix: 'l/a' })).toEqual(['l/a.txt', 'l/a/b']);
      expect(await storage.list('uploads', { prefix: 'l/nothing/' })).toEqual([]);
    });

    it('honours limit', async () => {
      expect(await storage.list('uploads', { prefix: 'l/', limit: 2 })).toEqual([
        'l/2026-x',
        'l/2026/01/a.txt',
      ]);
      await expectAppError(storage.list('uploads', { limit: 0 }), 400);
    });

    it('lists the whole bucket without prefix and refuses unsafe prefixes', async () => {
      const all = await storage.list('uploads');
      for (const key of keys) expect(all).toContain(key);
      await expectAppError(storage.list('uploads', { prefix: '../' }), 400);
      await expectAppError(storage.list('uploads', { prefix: '/etc' }), 400);
      await expectAppError(storage.list('uploads', { prefix: 'a/../../' }), 400);
    });
  });

  describe('ranges', () => {
    const body = text(1000);
    beforeAll(async () => {
      await storage.put('audios', 'range/file.bin', body, 'application/octet-stream');
    });
    const readRange = async (start: number, end: number) =>
      streamToBuffer(await storage.read('audios', 'range/file.bin', { start, end }));

    it('first bytes', async () => {
      expect((await readRange(0, 99)).equals(body.subarray(0, 100))).toBe(true);
    });
    it('a single byte', async () => {
      expect((await readRange(0, 0)).equals(body.subarray(0, 1))).toBe(true);
      expect((await readRange(999, 999)).equals(body.subarray(999))).toBe(true);
    });
    it('a middle slice', async () => {
      expect((await readRange(100, 199)).equals(body.subarray(100, 200))).toBe(true);
    });
    it('suffix (last 50 bytes)', async () => {
      expect((await readRange(950, 999)).equals(body.subarray(950))).toBe(true);
    });
    it('open end is clamped to the last byte', async () => {
      expect((await readRange(100, Number.MAX_SAFE_INTEGER)).equals(body.subarray(100))).toBe(true);
      expect((await readRange(990, 5000)).equals(body.subarray(990))).toBe(true);
    });
    it('start past the end: rangeNotSatisfiable', async () => {
      await expectAppError(
        storage.read('audios', 'range/file.bin', { start: 1000, end: 1200 }),
        416,
      );
    });
    it('malformed ranges: badRequest', async () => {
      await expectAppError(storage.read('audios', 'range/file.bin', { start: 10, end: 5 }), 400);
      await expectAppError(storage.read('audios', 'range/file.bin', { start: -1, end: 5 }), 400);
      await expectAppError(storage.read('audios', 'range/file.bin', { start: 0.5, end: 5 }), 400);
    });
  });

  describe('atomic writes', () => {
    it('a failing stream leaves no object (and no temp file)', async () => {
      await expect(
        storage.put('uploads', 'atomic/fail.bin', failingStream(), 'application/octet-stream'),
      ).rejects.toThrow('client went away');
      expect(await storage.head('uploads', 'atomic/fail.bin')).toBeNull();
      expect(await storage.list('uploads', { prefix: 'atomic/' })).toEqual([]);
      if (fixture.root) {
        const leftovers = (await filesUnder(fixture.root)).filter((f) =>
          path.basename(f).startsWith('.tmp-'),
        );
        expect(leftovers).toEqual([]);
      }
    });

    it('a stream failing after a first multipart part leaves no object', async () => {
      await expect(
        storage.put(
          'uploads',
          'atomic/big-fail.bin',
          failingStream(9 * 1024 * 1024),
          'application/octet-stream',
        ),
      ).rejects.toThrow();
      expect(await storage.head('uploads', 'atomic/big-fail.bin')).toBeNull();
      if (fixture.root) {
        const leftovers = (await filesUnder(fixture.root)).filter((f) =>
          path.basename(f).startsWith('.tmp-'),
        );
        expect(leftovers).toEqual([]);
      }
    }, 60_000);

    it('a failing overwrite keeps the previous object intact', async () => {
      const first = await storage.put(
        'uploads',
        'atomic/keep.txt',
        Buffer.from('original'),
        'text/plain',
      );
      await expect(
        storage.put('uploads', 'atomic/keep.txt', failingStream(), 'application/octet-stream'),
      ).rejects.toThrow();
      expect((await storage.readBuffer('uploads', 'atomic/keep.txt')).toString()).toBe('original');
      expect(await storage.head('uploads', 'atomic/keep.txt')).toEqual(first);
      if (fixture.root) {
        const leftovers = (await filesUnder(fixture.root)).filter((f) =>
          path.basename(f).startsWith('.tmp-'),
        );
        expect(leftovers).toEqual([]);
      }
    });
  });

  describe('unsafe keys and buckets', () => {
    it.each(unsafeKeys.map((k) => [JSON.stringify(k).slice(0, 40), k]))(
      'refuses key %s',
      async (_label, key) => {
        await expectAppError(
          storage.put('uploads', key, Buffer.from('x'), 'text/plain'),
          400,
          'BAD_REQUEST',
        );
        await expectAppError(storage.head('uploads', key), 400);
        await expectAppError(storage.read('uploads', key), 400);
        await expectAppError(storage.readBuffer('uploads', key), 400);
        await expectAppError(storage.delete('uploads', key), 400);
      },
    );

    it('nothing was written outside or inside the buckets by refused keys', async () => {
      expect(await storage.list('uploads', { prefix: 'x' })).toEqual([]);
      if (fixture.root) {
        const outside = await readdir(path.dirname(fixture.root));
        expect(outside).toEqual(['storage']);
      }
    });

    it('refuses an unknown bucket at runtime', async () => {
      const bad = 'secrets' as Bucket;
      await expectAppError(storage.put(bad, 'a.txt', Buffer.from('x'), 'text/plain'), 400);
      await expectAppError(storage.head(bad, 'a.txt'), 400);
      await expectAppError(storage.read(bad, 'a.txt'), 400);
      await expectAppError(storage.readBuffer(bad, 'a.txt'), 400);
      await expectAppError(storage.delete(bad, 'a.txt'), 400);
      await expectAppError(storage.list(bad), 400);
      await expectAppError(storage.head('../audios' as Bucket, 'a.txt'), 400);
    });

    it('refuses a malformed content type', async () => {
      await expectAppError(
        storage.put('uploads', 'ct.txt', Buffer.from('x'), 'text/plain\r\nX-Evil: 1'),
        400,
      );
      await expectAppError(storage.put('uploads', 'ct.txt', Buffer.from('x'), ''), 400);
    });

    it('accepts generated keys', async () => {
      const key = generateObjectKey('My Song (final).MP3');
      const info = await storage.put('audios', key, Buffer.from('id3'), 'audio/mpeg');
      expect(info.size).toBe(3);
      expect(await storage.list('audios', { prefix: key })).toEqual([key]);
    });
  });
});

describe('disk storage specifics', () => {
  let fixture: StorageFixture;
  beforeAll(async () => {
    fixture = await createFixture('disk');
  });
  afterAll(async () => {
    await fixture?.cleanup();
  });

  it('stores objects under <root>/<bucket>/<key> and metadata survives a new instance', async () => {
    const root = fixture.root!;
    const info = await fixture.storage.put(
      'trans',
      '2026/11/abc.json',
      Buffer.from('{}'),
      'application/json',
    );
    expect(await filesUnder(path.join(root, 'trans'))).toEqual([
      path.join(root, 'trans', '2026', '11', 'abc.json'),
    ]);
    const again = new DiskStorage(root);
    expect(await again.head('trans', '2026/11/abc.json')).toEqual(info);
    // the etag is the SHA-1 of the content
    expect(info.etag).toBe(`"${createHash('sha1').update('{}').digest('hex')}"`);
  });

  it('falls back to derived metadata without a sidecar', async () => {
    const root = fixture.root!;
    await fixture.storage.put(
      'trans',
      'side/car.json',
      Buffer.from('[1]'),
      'application/vnd.custom+json',
    );
    await rm(path.join(root, '.meta', 'trans', 'side', 'car.json'));
    const head = await fixture.storage.head('trans', 'side/car.json');
    expect(head?.contentType).toBe('application/json');
    expect(head?.size).toBe(3);
    expect(head?.etag).toMatch(/^"[^"]+"$/);
  });

  it('refuses a key that collides with a folder of keys (or the reverse)', async () => {
    await fixture.storage.put('uploads', 'dir/child.txt', Buffer.from('x'), 'text/plain');
    await expectAppError(
      fixture.storage.put('uploads', 'dir', Buffer.from('x'), 'text/plain'),
      409,
      'CONFLICT',
    );
    await fixture.storage.put('uploads', 'file', Buffer.from('x'), 'text/plain');
    await expectAppError(
      fixture.storage.put('uploads', 'file/child.txt', Buffer.from('x'), 'text/plain'),
      409,
    );
    expect(await fixture.storage.head('uploads', 'dir')).toBeNull();
    await expectAppError(fixture.storage.read('uploads', 'dir'), 404);
    const leftovers = (await filesUnder(root())).filter((f) =>
      path.basename(f).startsWith('.tmp-'),
    );
    expect(leftovers).toEqual([]);
    function root() {
      return fixture.root!;
    }
  });

  it('check() reports a missing bucket folder', async () => {
    const root = fixture.root!;
    await rm(path.join(root, 'series-images'), { recursive: true });
    const result = await fixture.storage.check();
    expect(result.ok).toBe(false);
    expect(result.detail).toContain('series-images');
    await fixture.storage.ensureBuckets();
    expect(await fixture.storage.check()).toEqual({ ok: true });
  });
});

describe('createStorage', () => {
  it('chooses disk without s3 config and s3 with it', () => {
    expect(createStorage({ dataDir: '/tmp/relatos-x' })).toBeInstanceOf(DiskStorage);
    const s3 = createStorage({
      dataDir: '/tmp/relatos-x',
      s3: {
        endpoint: 'http://127.0.0.1:1',
        region: 'us-east-1',
        bucket: 'b',
        accessKeyId: 'k',
        secretAccessKey: 's',
        forcePathStyle: true,
      },
    });
    expect(s3).toBeInstanceOf(S3Storage);
    expect(s3.kind).toBe('s3');
    (s3 as S3Storage).client.destroy();
  });

  it('s3 check() reports an unreachable service without throwing', async () => {
    const s3 = new S3Storage({
      endpoint: 'http://127.0.0.1:9', // discard port: connection refused
      region: 'us-east-1',
      bucket: 'relatos',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
    const result = await s3.check();
    expect(result.ok).toBe(false);
    expect(result.detail).toContain('relatos');
    s3.client.destroy();
  }, 20_000);
});
