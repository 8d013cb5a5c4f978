import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { loadConfig, type AppConfig } from '#server/config/env';
import { connectDatabase, type DatabaseConnection } from '#server/db/client';
import { installationSecrets } from '#server/db/schema';
import { createStorage } from '#server/lib/storage/index';
import { resolveAuthSecret } from '#server/runtime';
import { signedInUser } from './helpers/accounts.ts';
import { createTestDatabase, type TestApp } from './helpers/test-app.ts';

/**
 * Instances started without AUTH_SECRET (decision 029): each has its own DATA_DIR, as separate
 * machines or containers do, and all of them share one database.
 */

interface Instance extends TestApp {
  secret: string;
}

let shared: Awaited<ReturnType<typeof createTestDatabase>>;
const connections: DatabaseConnection[] = [];
const dataDirs: string[] = [];
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  shared = await createTestDatabase();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const connection of connections) await connection.close();
  await shared.drop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The configuration of an instance with no AUTH_SECRET and a data directory of its own. */
function configWithoutSecret(): AppConfig {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-secret-'));
  dataDirs.push(dataDir);
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
}

function connection(): DatabaseConnection {
  const opened = connectDatabase(shared.database.connectionString, 2);
  connections.push(opened);
  return opened;
}

const quiet = () => undefined;

/** Starts an instance the way index.ts does: its secret resolved on its own connection. */
async function startInstance(config = configWithoutSecret()): Promise<Instance> {
  const database = connection();
  const secret = await resolveAuthSecret(config, database, quiet);
  const storage = createStorage({ dataDir: config.dataDir });
  await storage.ensureBuckets();
  const app = await buildApp({ ...config, authSecret: secret }, { database, storage });
  apps.push(app);
  await app.ready();
  return { app, database, storage, config, secret, close: () => app.close() };
}

const storedSecrets = () => shared.database.db.select().from(installationSecrets);

describe('an installation without AUTH_SECRET', () => {
  it('adopts the secret file an earlier version left in DATA_DIR, once', async () => {
    const config = configWithoutSecret();
    const earlier = 'an-earlier-secret-from-data-dir-0123456789';
    fs.writeFileSync(path.join(config.dataDir, 'auth-secret'), `${earlier}\n`);
    expect(await resolveAuthSecret(config, connection(), quiet)).toBe(earlier);
    // Another instance's different file does not replace it: the database's secret wins.
    const other = configWithoutSecret();
    fs.writeFileSync(path.join(other.dataDir, 'auth-secret'), 'x'.repeat(43));
    expect(await resolveAuthSecret(other, connection(), quiet)).toBe(earlier);
    expect(await storedSecrets()).toHaveLength(1);
  });

  it('accepts on one instance a session made on another', async () => {
    const a = await startInstance();
    const b = await startInstance();
    const learner = await signedInUser(a);
    const session = await b.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: learner.cookie },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().user?.email).toBe(learner.email);
    const me = await b.app.inject({
      method: 'GET',
      url: '/api/me/profile',
      headers: { cookie: learner.cookie },
    });
    expect(me.statusCode).toBe(200);
  });
});

describe('instances starting at once on an empty database', () => {
  it('agree on one generated secret', async () => {
    await shared.database.db.delete(installationSecrets);
    const configs = Array.from({ length: 4 }, configWithoutSecret);
    const secrets = await Promise.all(
      configs.map((config) => resolveAuthSecret(config, connection(), quiet)),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
    expect((await storedSecrets()).map((row) => row.value)).toEqual([secrets[0]]);
    // Nothing is written to DATA_DIR any more: the database is the one copy.
    for (const config of configs) {
      expect(fs.existsSync(path.join(config.dataDir, 'auth-secret'))).toBe(false);
    }
  });

  it('use AUTH_SECRET when it is set, and store nothing', async () => {
    await shared.database.db.delete(installationSecrets);
    const config = { ...configWithoutSecret(), authSecret: 'set-by-the-operator-0123456789abcdef' };
    expect(await resolveAuthSecret(config, connection(), quiet)).toBe(config.authSecret);
    expect(await storedSecrets()).toEqual([]);
  });
});
