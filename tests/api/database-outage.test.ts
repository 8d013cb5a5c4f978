import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config/env';
import { connectDatabase, type DatabaseConnection } from '#server/db/client';
import { createStorage } from '#server/lib/storage/index';
import { messages } from '#shared/messages';

/** A port on which nothing listens: taken, then released. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let app: FastifyInstance;
let database: DatabaseConnection;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-outage-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-123',
  });
  // The database is down from the start: the app is built on a server that is not there.
  database = connectDatabase(`postgres://relatos:secret@127.0.0.1:${await deadPort()}/relatos`);
  const storage = createStorage({ dataDir, s3: undefined });
  app = await buildApp(config, { database, storage });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close().catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('while the database is unreachable', () => {
  it('API requests answer 503 with Retry-After in the common shape, nothing internal', async () => {
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/api/stories' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: messages.service.temporarilyUnavailable },
    });
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|secret|select/i);
  });
});
