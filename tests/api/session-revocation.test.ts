import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { connectDatabase } from '#server/db/client';
import { createStorage } from '#server/lib/storage/index';
import {
  cookiesFrom,
  latestMail,
  signedInUser,
  STRONG_PASSWORD,
  tokenFrom,
} from './helpers/accounts.ts';
import { createTestApp, startSecondInstance, type TestApp } from './helpers/test-app.ts';

/**
 * Two instances on one database (decision 032): instance B knows the signed-in user's session
 * (it answered a request moments ago, so it holds its short-lived copy), then the session ends or
 * the role changes through instance A. B's very next request must see it: no waiting, no retry.
 */

const ORIGIN = 'http://localhost:3000';

let a: TestApp;
let b: FastifyInstance;
let closeB: () => Promise<void>;

beforeAll(async () => {
  a = await createTestApp();
});

/** Instance B: the same configuration, its own pool, session copies and notice listener. */
beforeEach(async () => {
  ({ app: b, close: closeB } = await startSecondInstance(a));
});

afterEach(async () => {
  await closeB();
});

afterAll(async () => {
  await a.close();
});

const send = (
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
) => app.inject({ method, url, payload, headers: { cookie, origin: ORIGIN } });

/** A route only signed-in users reach (401 for anyone else). */
const progressOn = (app: FastifyInstance, cookie: string) =>
  send(app, 'GET', '/api/progress', cookie);

/** B answers this user as signed in, twice: the second answer comes from B's copy. */
async function knownToB(cookie: string) {
  for (let i = 0; i < 2; i++) expect((await progressOn(b, cookie)).statusCode).toBe(200);
}

describe('a session ended on instance A', () => {
  it('sign-out: the next request on B is anonymous', async () => {
    const learner = await signedInUser(a);
    await knownToB(learner.cookie);

    expect((await send(a.app, 'POST', '/api/auth/sign-out', learner.cookie)).statusCode).toBe(204);

    const res = await progressOn(b, learner.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it('password reset: every session of the account ends on B, the new sign-in works there', async () => {
    const learner = await signedInUser(a);
    await knownToB(learner.cookie);

    expect(
      (await send(a.app, 'POST', '/api/auth/forgot-password', '', { email: learner.email }))
        .statusCode,
    ).toBe(200);
    const token = tokenFrom((await latestMail(a, learner.email)).text, '/reset-password');
    const newPassword = `${STRONG_PASSWORD}9`;
    expect(
      (await send(a.app, 'POST', '/api/auth/reset-password', '', { token, newPassword }))
        .statusCode,
    ).toBe(200);

    expect((await progressOn(b, learner.cookie)).statusCode).toBe(401);
    const signIn = await send(a.app, 'POST', '/api/auth/sign-in', '', {
      email: learner.email,
      password: newPassword,
      rememberMe: true,
    });
    expect(signIn.statusCode).toBe(200);
    expect((await progressOn(b, cookiesFrom(signIn))).statusCode).toBe(200);
  });

  it('account deletion: the next request on B is anonymous', async () => {
    const learner = await signedInUser(a);
    await knownToB(learner.cookie);

    const res = await send(a.app, 'DELETE', '/api/account', learner.cookie, {
      password: learner.password,
    });
    expect(res.statusCode).toBe(204);

    expect((await progressOn(b, learner.cookie)).statusCode).toBe(401);
  });
});

describe('a role changed on instance A', () => {
  it('an administrator made a user is refused the admin area on B at once', async () => {
    const actor = await signedInUser(a, { role: 'admin' });
    const target = await signedInUser(a, { role: 'admin' });
    for (let i = 0; i < 2; i++) {
      expect((await send(b, 'GET', '/api/admin/users', target.cookie)).statusCode).toBe(200);
    }

    const change = await send(
      a.app,
      'PATCH',
      `/api/admin/users/${target.userId}/role`,
      actor.cookie,
      {
        role: 'user',
      },
    );
    expect(change.statusCode).toBe(200);

    expect((await send(b, 'GET', '/api/admin/users', target.cookie)).statusCode).toBe(403);
    // Still signed in: only the role changed.
    expect((await progressOn(b, target.cookie)).statusCode).toBe(200);
  });
});

describe('a signed-in request while the database is unreachable', () => {
  it('gets 503 with Retry-After, never 401 (the session lookup failed, it did not say "signed out")', async () => {
    const learner = await signedInUser(a);
    // An instance with the same secret whose database refuses connections: its first lookup of
    // this session fails.
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as net.AddressInfo;
        server.close(() => resolve(free));
      });
    });
    const dead = connectDatabase(`postgres://relatos@127.0.0.1:${port}/relatos`, 2, {
      connectTimeoutMs: 300,
    });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-session-outage-'));
    const c = await buildApp(a.config, { database: dead, storage: createStorage({ dataDir }) });
    try {
      await c.ready();
      const res = await progressOn(c, learner.cookie);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await c.close();
      await dead.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
