import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Services } from './app-context.ts';
import type { AppConfig } from './config/env.ts';
import { connectDatabase, runMigrations, type DatabaseConnection } from './db/client.ts';
import { AUTH_SECRET_NAME, sharedInstallationSecret } from './db/installation-secret.ts';
import {
  startEmbeddedPostgres,
  type EmbeddedPostgresExit,
  type EmbeddedPostgresHandle,
} from './db/embedded-postgres.ts';
import { cardSandboxOnByDefault, seedDefaults } from './db/seed-defaults.ts';
import { createStorage } from './lib/storage/index.ts';
import type { ObjectStorage } from './lib/storage/storage.ts';

/** The secret file of installations from before decision 029, adopted once into the database. */
const LEGACY_SECRET_FILE = 'auth-secret';
const MIN_SECRET_LENGTH = 32;

/**
 * The secret that signs session cookies: AUTH_SECRET (production requires it), or else the
 * installation's own, generated once and kept in the database so that every instance on it signs
 * alike (decision 029). A DATA_DIR/auth-secret from an earlier version is offered first, so that
 * learners stay signed in across the upgrade.
 */
export async function resolveAuthSecret(
  config: AppConfig,
  database: DatabaseConnection,
  log: (message: string) => void,
): Promise<string> {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, LEGACY_SECRET_FILE);
  const earlier = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
  const adopting = earlier.length >= MIN_SECRET_LENGTH;
  const candidate = adopting ? earlier : randomBytes(32).toString('base64url');
  const { value, created } = await sharedInstallationSecret(
    database.db,
    AUTH_SECRET_NAME,
    candidate,
  );
  const origin = !created
    ? 'the one already stored'
    : adopting
      ? `adopted now from ${file}`
      : 'generated now';
  log(
    `AUTH_SECRET is not set: sessions are signed with the installation's secret kept in the database (${origin}); every instance on this database shares it`,
  );
  return value;
}

export interface Runtime {
  database: DatabaseConnection;
  storage: ObjectStorage;
  /**
   * Calls `listener` if the embedded PostgreSQL exits without being asked to (never for an
   * external database: its outages are answered with 503 until it is back).
   */
  onDatabaseLost(listener: (exit: EmbeddedPostgresExit) => void): void;
  /** Closes the pool, then stops the embedded PostgreSQL if we started one. */
  stop(): Promise<void>;
}

/**
 * Opens everything the app stands on: the database (external via DATABASE_URL, otherwise the
 * embedded server under DATA_DIR), its migrations and default rows, and the file storage. Once
 * the app is built on it, `prepareApp` does the rest before it listens.
 */
export async function startRuntime(
  config: AppConfig,
  log: (message: string) => void,
): Promise<Runtime> {
  let embedded: EmbeddedPostgresHandle | undefined;
  let connectionString = config.databaseUrl;
  if (!connectionString) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      databaseName: 'relatos',
      log,
    });
    connectionString = embedded.connectionString;
  }
  let database: DatabaseConnection | undefined;
  try {
    // Migrations and seeding may run long (or wait for another instance's migration lock), so
    // they get a connection of their own without the app pool's statement timeout; a database
    // that does not answer still stops the start within the connect timeout.
    const setup = connectDatabase(connectionString, 2, {
      connectTimeoutMs: config.database.connectTimeoutMs,
    });
    try {
      await runMigrations(setup);
      await seedDefaults(setup.db, { cardServiceOn: cardSandboxOnByDefault(config) });
    } finally {
      await setup.close();
    }
    database = connectDatabase(connectionString, config.database.poolMax, {
      connectTimeoutMs: config.database.connectTimeoutMs,
      statementTimeoutMs: config.database.statementTimeoutMs,
    });
    const storage = createStorage({ dataDir: path.join(config.dataDir), s3: config.s3 });
    await storage.ensureBuckets();
    const opened = database;
    return {
      database: opened,
      storage,
      onDatabaseLost(listener) {
        embedded?.onUnexpectedExit(listener);
      },
      async stop() {
        await opened.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await database?.close().catch(() => undefined);
    await embedded?.stop();
    throw error;
  }
}

/**
 * Start-up work done through the app's services before it listens: the payment services the
 * environment switches on, the demo library (SEED_DEMO_CONTENT), the administrator of ADMIN_EMAIL;
 * the start-up log says whether ffmpeg and which translation services serve. A failure of the
 * first two stops the start; the administrator's is reported and the app starts.
 */
export async function prepareApp(
  services: Services,
  config: AppConfig,
  log: (message: string) => void,
): Promise<void> {
  await services.payments.applyConfiguredServices(config.payments, log);
  const audio = await services.health.audioTools();
  log(
    audio.ok
      ? `audio decoding: ${audio.detail}`
      : `audio decoding unavailable, the content studio cannot align recordings: ${audio.detail}`,
  );
  // Which services translate sentences, or that none does and what that means (decision 044).
  log(services.translationServices.startupLine());
  if (config.seedDemoContent) await services.demoContent.seed(log);
  if (!config.adminEmail) return;
  try {
    const outcome = await services.auth.ensureAdmin(config.adminEmail, config.adminPassword);
    log(
      outcome === 'waiting-for-sign-up'
        ? `ADMIN_EMAIL ${config.adminEmail} has no account yet: it becomes admin when it signs up`
        : `ADMIN_EMAIL ${config.adminEmail}: administrator ${outcome}`,
    );
  } catch (error) {
    log(`could not set up ADMIN_EMAIL: ${error instanceof Error ? error.message : String(error)}`);
  }
}
