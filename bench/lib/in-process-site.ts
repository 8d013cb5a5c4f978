import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app';
import { loadConfig, type AppConfig } from '#server/config/env';
import { prepareApp, resolveAuthSecret, startRuntime, type Runtime } from '#server/runtime';
import { E2E_ADMIN } from '../../tests/e2e/support/accounts.ts';

/**
 * A whole site in this process, started as `npm start` starts one (src/server/index.ts: the
 * embedded PostgreSQL in a fresh data directory, migrations, the demo library seeded, the
 * administrator created) but without listening: requests go through `app.inject`, so what they
 * run is the server's own code from the sources, no build needed. Apps with different settings
 * (e.g. translation services) can be built in turn on the same database and storage.
 */
export interface InProcessSite {
  /** Builds an app on the site's database with these extra environment variables. */
  open(env: Record<string, string>): Promise<SiteApp>;
  stop(): Promise<void>;
}

export interface SiteApp {
  app: FastifyInstance;
  /** Headers of a signed-in administrator's request (cookie, same-origin Origin). */
  admin: Record<string, string>;
  close(): Promise<void>;
}

const baseEnv = (dataDir: string): Record<string, string> => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  EMBEDDED_PG_PORT: '0',
  SEED_DEMO_CONTENT: 'true',
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  // No background jobs: nothing runs beside the requests measured.
  JOB_WORKERS: '0',
  TRANSLATE_APERTIUM: 'false',
});

async function signInAdmin(app: FastifyInstance, config: AppConfig) {
  const origin = config.publicUrl;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { origin },
    payload: { ...E2E_ADMIN, rememberMe: false },
  });
  if (response.statusCode !== 200) {
    throw new Error(`administrator sign-in failed: ${response.statusCode} ${response.body}`);
  }
  const setCookie = response.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
    .map((line) => line.split(';')[0]!)
    .join('; ');
  return { cookie, origin };
}

export async function startInProcessSite(log: (message: string) => void): Promise<InProcessSite> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-bench-site-'));
  // As root, PostgreSQL runs as an unprivileged user that must be able to enter the directory.
  fs.chmodSync(dataDir, 0o755);
  const quiet = () => undefined;
  let runtime: Runtime | undefined;
  let authSecret = '';
  let prepared = false;
  try {
    const config = loadConfig(baseEnv(dataDir));
    runtime = await startRuntime(config, quiet);
    authSecret = await resolveAuthSecret(config, runtime.database, quiet);
  } catch (error) {
    await runtime?.stop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const started = runtime;
  log(`site started (data directory ${dataDir})`);

  return {
    async open(env) {
      const config = { ...loadConfig({ ...baseEnv(dataDir), ...env }), authSecret };
      const app = await buildApp(config, started);
      await app.ready();
      if (!prepared) {
        await prepareApp(app.context.services, config, log);
        prepared = true;
      }
      const { cookie, origin } = await signInAdmin(app, config);
      return { app, admin: { cookie, origin }, close: () => app.close() };
    },
    async stop() {
      await started.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
