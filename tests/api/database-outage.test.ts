import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config/env';
import { connectDatabase, type DatabaseConnection } from '#server/db/client';
import { createStorage } from '#server/lib/storage/index';
import { messages } from '#shared/messages';
import { signedInUser } from './helpers/accounts.ts';
import { startAppProcess, stopAllAppProcesses } from './helpers/app-process.ts';
import { createTestDatabase, type TestApp } from './helpers/test-app.ts';

/** A port on which nothing listens: taken, then released. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await stopAllAppProcesses();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * A TCP relay in front of the test PostgreSQL that can start hanging like a database host that
 * stops answering (frozen, or a black-holed route): open connections are cut and new ones are
 * accepted but never answered.
 */
async function relayTo(target: string) {
  const { hostname, port } = new URL(target);
  let hanging = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (hanging) return;
    const upstream = net.connect(Number(port), hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayUrl = new URL(target);
  relayUrl.hostname = '127.0.0.1';
  relayUrl.port = String((server.address() as net.AddressInfo).port);
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    url: relayUrl.toString(),
    hang() {
      hanging = true;
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** The app as index.ts builds it, on a database that is down from the start. */
async function appOn(database: DatabaseConnection): Promise<FastifyInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-outage-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-123',
  });
  const app = await buildApp(config, { database, storage: createStorage({ dataDir }) });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await database.close().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

async function expectUnavailable(app: FastifyInstance, boundMs: number) {
  const started = Date.now();
  const res = await app.inject({ method: 'GET', url: '/api/stories' });
  expect(Date.now() - started).toBeLessThan(boundMs);
  expect(res.statusCode).toBe(503);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toEqual({
    error: {
      code: 'SERVICE_UNAVAILABLE',
      message: messages.service.temporarilyUnavailable,
      details: { retryAfterSeconds: Number(res.headers['retry-after']) },
    },
  });
  expect(res.body).not.toMatch(/ECONNREFUSED|timeout|127\.0\.0\.1|secret|select/i);

  const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toMatchObject({ status: 'unavailable', database: { ok: false } });
}

describe('while the database is unreachable', () => {
  it('a refused connection: 503 with Retry-After in the common shape, readiness 503', async () => {
    const app = await appOn(
      connectDatabase(`postgres://relatos:secret@127.0.0.1:${await deadPort()}/relatos`),
    );
    await expectUnavailable(app, 3000);
  });

  it('a database that stops answering: the connect timeout answers 503 quickly, no hanging', async () => {
    const { database, drop } = await createTestDatabase();
    cleanups.push(drop);
    const relay = await relayTo(database.connectionString);
    const connection = connectDatabase(relay.url, 10, { connectTimeoutMs: 300 });
    const app = await appOn(connection);
    // Readiness rather than the story list, which the instance would then answer from its copy.
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    relay.hang();
    // The pool has dropped its cut connections: the next query must open one, and that hangs.
    await expect.poll(() => connection.pool.totalCount).toBe(0);
    await expectUnavailable(app, 1500);
  });
});

describe('a server starting while its database does not answer', () => {
  it('stops within the connect timeout with a fatal JSON line, instead of hanging', async () => {
    const { database, drop } = await createTestDatabase();
    cleanups.push(drop);
    const relay = await relayTo(database.connectionString);
    relay.hang();
    const started = Date.now();
    const server = await startAppProcess({
      env: { DATABASE_URL: relay.url, DB_CONNECT_TIMEOUT_MS: '500' },
      waitUntilReady: false,
    });
    expect((await server.exited).code).toBe(1);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(server.jsonLines().at(-1)).toMatchObject({
      level: 60,
      msg: expect.stringContaining('could not start'),
    });
  }, 30_000);
});

describe('a signed-in learner during an outage', () => {
  it('gets 503, never 401 "Sign in required" (clients would sign them out)', async () => {
    const { database, drop } = await createTestDatabase();
    cleanups.push(drop);
    const relay = await relayTo(database.connectionString);
    const connection = connectDatabase(relay.url, 10, { connectTimeoutMs: 300 });
    const app = await appOn(connection);
    const learner = await signedInUser({ app, database: connection } as TestApp);
    const profile = () =>
      app.inject({ method: 'GET', url: '/api/me/profile', headers: { cookie: learner.cookie } });
    expect((await profile()).statusCode).toBe(200);

    relay.hang();
    await expect.poll(() => connection.pool.totalCount).toBe(0);
    for (const res of [
      await profile(),
      await app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: learner.cookie },
      }),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
    }
  });
});

describe('the pool limits', () => {
  it('cancels a statement that runs past the statement timeout', async () => {
    const { database, drop } = await createTestDatabase();
    cleanups.push(drop);
    const limited = connectDatabase(database.connectionString, 2, { statementTimeoutMs: 200 });
    cleanups.push(() => limited.close());
    await expect(limited.pool.query('select pg_sleep(2)')).rejects.toMatchObject({
      code: '57014',
    });
    await expect(database.pool.query('select pg_sleep(0.3)')).resolves.toBeDefined();
  });
});
