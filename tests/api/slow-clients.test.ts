import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, signedInUser } from './helpers/accounts.ts';
import { capturedLog } from './helpers/captured-log.ts';
import { openEventStreamReader } from './helpers/event-stream.ts';
import { insertStory } from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Clients that break off, stall or trickle, and the slow ones that must be left alone (decision
 * 061), on a listening app: its sockets, Node's HTTP timeouts and its log lines are what is tested.
 * Small timeouts keep the file quick; the defaults are the same rules at a larger scale.
 */
const IDLE_TIMEOUT_MS = 1500;
const REQUEST_TIMEOUT_MS = 8000;
/** What a loaded 2-core machine may add to a timer and a socket's close. */
const SLACK_MS = 4000;
const STUDIO_FIXTURES = path.resolve(import.meta.dirname, 'fixtures/studio');

const log = capturedLog('info');
let t: TestApp;
let baseUrl: string;
let port: number;
let admin: { cookie: string };
let learner: { email: string; password: string; cookie: string };
let chapter: { id: string; duration: number | null; audioFileId: string };

beforeAll(async () => {
  t = await createTestApp(
    {
      LOG_LEVEL: 'info',
      CONNECTION_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    },
    {},
    log.logger,
  );
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  admin = await signedInUser(t, { role: 'admin' });
  learner = await signedInUser(t);
  chapter = (await insertStory(t.database.db)).chapters[0]!;
});
afterAll(async () => {
  await t?.close();
});

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const logLines = (message: string) => log.entries.filter((line) => line.msg === message);
/** Lines at error level or above, and the database blamed: neither belongs to a client's doing. */
const misreadLines = () =>
  log.entries.filter((line) => Number(line.level) >= 50 || line.msg === 'database unavailable');

interface RawExchange {
  socket: net.Socket;
  /** Everything the server wrote, so far. */
  received(): string;
  /** Settles with the milliseconds from the request's head to the server closing the connection. */
  closed: Promise<number>;
}

/** A connection that writes a request's head and nothing else yet. */
function openRequest(head: string): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let openedAt = 0;
    const closed = new Promise<number>((settle) =>
      socket.once('close', () => settle(performance.now() - openedAt)),
    );
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.once('connect', () => {
      socket.off('error', reject);
      socket.on('error', () => undefined); // a reset by the server is an expected end
      socket.write(head);
      openedAt = performance.now();
      resolve({ socket, received: () => answer, closed });
    });
    socket.once('error', reject);
  });
}

/** Settles once `data` has left for the server (handed to the connection). */
const sent = (exchange: RawExchange, data: string | Buffer) =>
  new Promise<void>((resolve, reject) =>
    exchange.socket.write(data, (error) => (error ? reject(error) : resolve())),
  );

const requestHead = (url: string, headers: Record<string, string | number>) =>
  `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${baseUrl}\r\n` +
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('') +
  '\r\n';

const signInHead = (length: number) =>
  requestHead('/api/auth/sign-in', {
    'Content-Type': 'application/json',
    'Content-Length': length,
  });

const BOUNDARY = '----relatos-slow-client';
const audioPartHead =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="chapter.m4a"\r\n` +
  'Content-Type: audio/mp4\r\n\r\n';
const audioUploadHead = (length: number) =>
  requestHead('/api/admin/files?bucket=audios', {
    Cookie: admin.cookie,
    'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
    'Content-Length': length,
  });

async function storedUploads(): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: t.database.connectionString });
  await client.connect();
  try {
    return (await client.query('select id from file_uploads')).rows;
  } finally {
    await client.end();
  }
}

describe('a client that sends part of a body and stalls', () => {
  it('is disconnected once it has sent nothing for CONNECTION_IDLE_TIMEOUT_MS, 40 at once', async () => {
    const exchanges = await Promise.all(
      Array.from({ length: 40 }, () => openRequest(signInHead(400))),
    );
    for (const exchange of exchanges) exchange.socket.write('{"email":"someone@example.com",');
    const waited = await Promise.all(exchanges.map((exchange) => exchange.closed));
    for (const ms of waited) {
      expect(ms).toBeGreaterThanOrEqual(IDLE_TIMEOUT_MS - 100);
      expect(ms).toBeLessThan(IDLE_TIMEOUT_MS + SLACK_MS);
    }
    await expect
      .poll(() => logLines('request body stalled: connection closed').length)
      .toBeGreaterThanOrEqual(40);
    expect(logLines('request body stalled: connection closed')[0]).toMatchObject({
      level: 30,
      method: 'POST',
      route: '/api/auth/sign-in',
      idleMs: IDLE_TIMEOUT_MS,
    });
    expect(misreadLines()).toEqual([]);
  });

  it('is disconnected in the middle of an upload, and leaves no file and no row', async () => {
    const exchange = await openRequest(audioUploadHead(5 * 1024 * 1024));
    exchange.socket.write(audioPartHead);
    exchange.socket.write(Buffer.alloc(256 * 1024, 0xff));
    const ms = await exchange.closed;
    expect(ms).toBeGreaterThanOrEqual(IDLE_TIMEOUT_MS - 100);
    expect(ms).toBeLessThan(IDLE_TIMEOUT_MS + SLACK_MS);
    await expect
      .poll(() =>
        logLines('request body stalled: connection closed').some(
          (line) => line.route === '/api/admin/files',
        ),
      )
      .toBe(true);
    expect(misreadLines()).toEqual([]);
    expect(await storedUploads()).toEqual([]);
    expect(await t.storage.list('audios')).toEqual([]);
  });

  it('is answered 408 and disconnected when its body trickles past REQUEST_TIMEOUT_MS', async () => {
    const exchange = await openRequest(signInHead(400));
    // One byte every 400 ms: never quiet long enough for the idle timeout.
    const trickle = setInterval(() => exchange.socket.write(' '), 400);
    try {
      const ms = await exchange.closed;
      expect(ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
      // Node compares requests with their deadline every second.
      expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS + 1000 + SLACK_MS);
    } finally {
      clearInterval(trickle);
    }
    expect(exchange.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(exchange.received()).toContain(
      '{"error":{"code":"BAD_REQUEST","message":"The request took too long to arrive"}}',
    );
    expect(logLines('request timed out: connection closed').at(-1)).toMatchObject({
      level: 30,
      route: '/api/auth/sign-in',
      status: 408,
    });
  });
});

describe('a client that stops reading an answer', () => {
  it('is disconnected once it has taken nothing for CONNECTION_IDLE_TIMEOUT_MS', async () => {
    // More than the connection's buffers on both sides hold, so the rest waits for the client.
    const recording = Buffer.alloc(48 * 1024 * 1024, 0x61);
    await t.storage.put('audios', chapter.audioFileId, recording, 'audio/mp4');
    try {
      const exchange = await openRequest(
        `GET /api/chapters/${chapter.id}/audio HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
      );
      exchange.socket.pause();
      await expect
        .poll(() => logLines('client stopped reading the answer: connection closed').at(-1), {
          timeout: IDLE_TIMEOUT_MS + 2 * SLACK_MS,
        })
        .toMatchObject({ level: 30, method: 'GET', route: '/api/chapters/:id/audio' });
      // What the client takes afterwards ends short of the whole recording.
      let received = 0;
      exchange.socket.on('data', (chunk: Buffer) => (received += chunk.length));
      exchange.socket.resume();
      await exchange.closed;
      expect(received).toBeGreaterThan(0);
      expect(received).toBeLessThan(recording.length);
      expect(misreadLines()).toEqual([]);
    } finally {
      await t.storage.delete('audios', chapter.audioFileId);
    }
  });
});

describe('a client that breaks off', () => {
  it('in the middle of an upload is logged as an abort, and leaves no file and no row', async () => {
    // The connections this server closed in the tests above (stalled, trickling, not reading),
    // seconds ago, are logged where that was decided, never as the client's abort.
    expect(logLines('request aborted by the client')).toEqual([]);
    const exchange = await openRequest(audioUploadHead(5 * 1024 * 1024));
    exchange.socket.write(audioPartHead);
    await sent(exchange, Buffer.alloc(512 * 1024, 0xff));
    exchange.socket.destroy();

    await expect
      .poll(() => logLines('request aborted by the client').at(-1), { timeout: 10_000 })
      .toMatchObject({ level: 30, method: 'POST', route: '/api/admin/files' });
    expect(misreadLines()).toEqual([]);
    expect(await storedUploads()).toEqual([]);
    expect(await t.storage.list('audios')).toEqual([]);
  });

  it('in the middle of a JSON body is logged as an abort, not as the database', async () => {
    const before = logLines('request aborted by the client').length;
    const exchange = await openRequest(signInHead(400));
    await sent(exchange, '{"email":"someone@example.com",');
    exchange.socket.destroy();
    await expect
      .poll(() => logLines('request aborted by the client').length, { timeout: 10_000 })
      .toBe(before + 1);
    expect(logLines('request aborted by the client').at(-1)).toMatchObject({
      route: '/api/auth/sign-in',
    });
    expect(misreadLines()).toEqual([]);
  });
});

describe('slow clients and long answers that are left alone', () => {
  it('uploads a recording sent slowly but steadily for several idle timeouts', async () => {
    const recording = fs.readFileSync(path.join(STUDIO_FIXTURES, 'tune-then-low-voice.m4a'));
    const body = Buffer.concat([
      Buffer.from(audioPartHead),
      recording,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const exchange = await openRequest(audioUploadHead(body.length));
    // 30 pieces, one every 120 ms: about 3.6 s, over two idle timeouts, never quiet for one.
    const pieceLength = Math.ceil(body.length / 30);
    for (let start = 0; start < body.length; start += pieceLength) {
      exchange.socket.write(body.subarray(start, start + pieceLength));
      await delay(120);
    }
    await expect
      .poll(() => exchange.received(), { timeout: 15_000 })
      .toMatch(/^HTTP\/1\.1 201 Created\r\n/);
    exchange.socket.destroy();
    expect(await storedUploads()).toHaveLength(1);
  });

  it('answers a request the server works on for several idle timeouts', async () => {
    // The learner's save waits on a lock another connection holds, as it would on a slow query.
    const holder = new pg.Client({ connectionString: t.database.connectionString });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table user_story_progress in access exclusive mode');
      const startedAt = performance.now();
      const now = Date.now();
      const saving = fetch(`${baseUrl}/api/progress`, {
        method: 'POST',
        headers: { cookie: learner.cookie, origin: baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({
          chapterId: chapter.id,
          positionSeconds: 12,
          durationSeconds: chapter.duration ?? 60,
          clientTimestamp: now,
          sentAt: now,
        }),
      });
      await expect
        .poll(
          async () =>
            (
              await holder.query(
                "select 1 from pg_locks where relation = 'user_story_progress'::regclass and not granted",
              )
            ).rowCount,
          { timeout: 10_000 },
        )
        .toBe(1);
      await delay(3 * IDLE_TIMEOUT_MS);
      await holder.query('commit');
      const saved = await saving;
      expect(saved.status).toBe(200);
      expect(await saved.json()).toMatchObject({ progress: { lastPositionSeconds: 12 } });
      expect(performance.now() - startedAt).toBeGreaterThan(3 * IDLE_TIMEOUT_MS);
    } finally {
      await holder.end();
    }
  });

  it('keeps a live progress stream open past the idle timeout and delivers the next save', async () => {
    const stream = await openEventStreamReader(`${baseUrl}/api/progress/events`, {
      cookie: learner.cookie,
    });
    expect(stream.contentType).toContain('text/event-stream');
    try {
      await stream.readUntil('event: ready');
      // Nothing to say for three idle timeouts (the heartbeat comes every 30 s).
      await delay(3 * IDLE_TIMEOUT_MS);
      const otherSession = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: learner.email, password: learner.password },
      });
      const now = Date.now();
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/progress',
        headers: { cookie: cookiesFrom(otherSession) },
        payload: {
          chapterId: chapter.id,
          positionSeconds: 40,
          durationSeconds: chapter.duration ?? 60,
          clientTimestamp: now,
          sentAt: now,
          deviceId: 'tablet',
        },
      });
      expect(saved.statusCode).toBe(200);
      await stream.readUntil('"lastPositionSeconds":40');
      expect(stream.received()).toContain('event: progress');
    } finally {
      stream.close();
    }
  });
});
