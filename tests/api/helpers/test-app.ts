import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '#server/app';
import { loadConfig, type AppConfig } from '#server/config/env';
import { connectDatabase, type DatabaseConnection } from '#server/db/client';
import { createStorage } from '#server/lib/storage/index';
import type { ObjectStorage } from '#server/lib/storage/storage';

const TEMPLATE_DB = 'relatos_template';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseConnection;
  storage: ObjectStorage;
  config: AppConfig;
  close(): Promise<void>;
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: `${inject('pgServerUrl')}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database cloned from the migrated template: isolated per test file, ~100 ms. */
export async function createTestDatabase(): Promise<{
  database: DatabaseConnection;
  drop(): Promise<void>;
}> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${TEMPLATE_DB}`);
  const database = connectDatabase(`${inject('pgServerUrl')}/${name}`, 5);
  return {
    database,
    async drop() {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<AppConfig> = {},
  /** A logger to read the app's log lines (helpers/captured-log.ts); silent otherwise. */
  logger?: FastifyBaseLogger,
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-api-data-'));
  const config: AppConfig = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      AUTH_SECRET: 'test-secret-test-secret-test-secret-123',
      // Translation services are each test's choice, not the machine's (Apertium installed or
      // not): tests that use one say so.
      TRANSLATE_APERTIUM: 'false',
      ...env,
    }),
    ...overrides,
  };
  const { database, drop } = await createTestDatabase();
  const storage = createStorage({ dataDir, s3: config.s3 });
  await storage.ensureBuckets();
  const app = await buildApp(config, { database, storage, ...(logger ? { logger } : {}) });
  await app.ready();
  return {
    app,
    database,
    storage,
    config,
    async close() {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another instance of `first`'s installation: the same configuration, database and storage, with
 * its own pool, caches and LISTEN connection (what a second server process would have).
 */
export async function startSecondInstance(
  first: TestApp,
  /** Its own view of the storage (one that can be made unreachable: unreachable-storage.ts). */
  storage: ObjectStorage = first.storage,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = connectDatabase(first.database.connectionString, 5);
  const app = await buildApp(first.config, { database, storage });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

const MINIMAL_INDEX_HTML =
  '<!doctype html><html><head><title>Relatos</title></head><body><div id="root"></div></body></html>';

/**
 * A minimal built client (only index.html) in a temporary directory, so that the app serves pages
 * and their Content-Security-Policy. The caller removes it (`fs.rmSync(dir, { recursive: true })`).
 */
export function writeMinimalClient(indexHtml: string = MINIMAL_INDEX_HTML): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-client-'));
  fs.writeFileSync(path.join(dir, 'index.html'), indexHtml);
  return dir;
}
