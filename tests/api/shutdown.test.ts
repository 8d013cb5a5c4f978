import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '#shared/errors';
import { STRONG_PASSWORD } from './helpers/accounts.ts';
import {
  createEmptyDatabase,
  startAppProcess,
  stopAllAppProcesses,
  type AppProcess,
} from './helpers/app-process.ts';

/**
 * Graceful shutdown of a real server process (decision 028): SIGTERM while a request is in flight
 * and a live-progress stream is open.
 */

const ADMIN_EMAIL = 'admin@shutdown.test';
const DRAIN_DELAY_MS = 1500;

let app: AppProcess;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await createEmptyDatabase();
  dropDatabase = database.drop;
  app = await startAppProcess({
    env: {
      DATABASE_URL: database.url,
      ADMIN_EMAIL,
      ADMIN_PASSWORD: STRONG_PASSWORD,
      SHUTDOWN_DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
      SHUTDOWN_TIMEOUT_MS: '15000',
      LOG_LEVEL: 'info',
    },
  });
}, 90_000);

afterAll(async () => {
  await stopAllAppProcesses();
  await dropDatabase();
});

async function signIn(): Promise<string> {
  const res = await fetch(`${app.baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseUrl },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: STRONG_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');
}

/** An open live-progress stream: everything it received, and when it ended. */
function openProgressStream(cookie: string) {
  let received = '';
  const request = http.get(`${app.baseUrl}/api/progress/events`, { headers: { cookie } });
  const ended = new Promise<void>((resolve, reject) => {
    request.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (received += chunk));
      res.on('end', resolve);
      res.on('error', reject);
    });
    request.on('error', reject);
  });
  return { received: () => received, ended };
}

/** A request whose body has only half arrived: in flight when the signal comes. */
function startSlowRequest(target: AppProcess = app) {
  const body = JSON.stringify({ email: ADMIN_EMAIL, password: 'not-the-password-1A' });
  const half = Math.floor(body.length / 2);
  const request = http.request(`${target.baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      origin: target.baseUrl,
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  // Marked handled now: a request the server cuts off rejects before a test awaits it.
  response.catch(() => undefined);
  request.write(body.slice(0, half));
  return { finish: () => request.end(body.slice(half)), response };
}

async function readiness(target: AppProcess = app): Promise<number | 'refused'> {
  try {
    const res = await fetch(`${target.baseUrl}/api/health/ready`, {
      signal: AbortSignal.timeout(2000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 'refused';
  }
}

describe('SIGTERM', () => {
  it('drains: readiness fails first, the stream gets a retry hint, the in-flight request completes, exit 0', async () => {
    const cookie = await signIn();
    const stream = openProgressStream(cookie);
    await expect.poll(() => stream.received(), { timeout: 10_000 }).toContain('event: ready');
    const slow = startSlowRequest();
    // The server has the request (its headers) before the signal comes.
    await expect.poll(() => readiness()).toBe(200);

    app.child.kill('SIGTERM');
    // During the drain delay the instance still answers, and says it is not ready.
    await expect.poll(() => readiness(), { timeout: 5000, interval: 100 }).toBe(503);
    // Its answers close their connections, so that clients' next requests go elsewhere.
    const live = await fetch(`${app.baseUrl}/api/health/live`);
    expect(live.status).toBe(200);
    expect(live.headers.get('connection')).toBe('close');

    // Then the stream ends with a retry hint, after what it said before.
    await stream.ended;
    const afterReady = stream.received().split('event: ready')[1]!;
    expect(afterReady).toMatch(/\nretry: \d+\n\n$/);
    const retryMs = Number(/retry: (\d+)\n\n$/.exec(afterReady)![1]);
    expect(retryMs).toBeGreaterThanOrEqual(1000);
    expect(retryMs).toBeLessThanOrEqual(3000);

    // The server has stopped taking connections, yet the request in flight still gets its answer.
    await expect.poll(() => readiness(), { timeout: 5000 }).toBe('refused');
    expect(app.child.exitCode).toBeNull();
    slow.finish();
    const answer = await slow.response;
    expect(answer.status).toBe(401);
    expect(apiErrorSchema.parse(JSON.parse(answer.body)).error.code).toBe('INVALID_CREDENTIALS');

    expect(await app.stop('SIGTERM', 30_000)).toBe(0);
    const messages = app.jsonLines().map((line) => line.msg);
    expect(messages).toContain('shutting down');
    expect(messages.at(-1)).toBe('stopped');
  }, 60_000);

  it('cuts off a request still running after SHUTDOWN_TIMEOUT_MS and exits 1', async () => {
    const database = await createEmptyDatabase();
    try {
      const bounded = await startAppProcess({
        env: { DATABASE_URL: database.url, SHUTDOWN_TIMEOUT_MS: '1000', LOG_LEVEL: 'info' },
      });
      const stuck = startSlowRequest(bounded);
      await expect.poll(() => readiness(bounded)).toBe(200);
      const started = Date.now();
      expect(await bounded.stop('SIGTERM', 30_000)).toBe(1);
      expect(Date.now() - started).toBeLessThan(15_000);
      await expect(stuck.response).rejects.toThrow();
      const lines = bounded.jsonLines();
      expect(
        lines.some((line) => line.level === 50 && /SHUTDOWN_TIMEOUT_MS/.test(String(line.msg))),
      ).toBe(true);
      expect(lines.at(-1)).toMatchObject({ msg: 'stopped', exitCode: 1 });
    } finally {
      await database.drop();
    }
  }, 90_000);
});
