/**
 * Starts the built app the way a visitor meets it: a fresh, empty data directory (so the server
 * creates its embedded PostgreSQL and seeds the demo library), the compiled server production
 * runs (dist/server/index.js, decision 027), and the built client from dist/client. Used by playwright.config.ts (webServer) and by the benchmarks.
 *
 * Environment: E2E_PORT (default 3210). On SIGTERM/SIGINT the signal is forwarded to the server,
 * which stops PostgreSQL; once it has exited the temporary data directory is removed.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_ADMIN } from './accounts.ts';
import { e2eServerInfoPath, type E2eServerInfo } from './server-info.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const port = Number.parseInt(process.env.E2E_PORT ?? '3210', 10);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`[start-server] invalid E2E_PORT: ${process.env.E2E_PORT}`);
  process.exit(1);
}
const serverEntry = path.join(projectRoot, 'dist/server/index.js');
for (const built of ['dist/client/index.html', 'dist/server/index.js']) {
  if (!fs.existsSync(path.join(projectRoot, built))) {
    console.error(`[start-server] ${built} is missing: run \`npm run build\` first`);
    process.exit(1);
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-e2e-'));
// As root, PostgreSQL runs as an unprivileged user that must be able to enter the directory.
fs.chmodSync(dataDir, 0o755);
// The development mailbox answers only at its token's address (decision 060): the journeys read
// the mail they wait for there (support/accounts.ts).
const mailboxToken = randomBytes(16).toString('base64url');
// Where journeys that must set up what no screen can (a file uploaded a day ago) find the server's
// database (support/database.ts reads the data directory from here), and its mailbox.
const info: E2eServerInfo = { dataDir, mailboxToken };
fs.writeFileSync(e2eServerInfoPath(port), JSON.stringify(info), { mode: 0o600 });

const removeDataDir = () => {
  fs.rmSync(e2eServerInfoPath(port), { force: true });
  try {
    fs.rmSync(dataDir, { recursive: true, force: true });
  } catch (error) {
    console.error(`[start-server] could not remove ${dataDir}: ${String(error)}`);
  }
};

const server = spawn(process.execPath, [serverEntry], {
  cwd: projectRoot,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: process.env.E2E_HOST ?? '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Nothing else from the developer's environment may point the test server elsewhere.
    DATABASE_URL: '',
    EMBEDDED_PG_PORT: '0',
    SEED_DEMO_CONTENT: 'true',
    // The administrator the admin journeys sign in as (created, confirmed, at start).
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SMTP_URL: '',
    DEV_MAILBOX: 'true',
    DEV_MAILBOX_TOKEN: mailboxToken,
    S3_BUCKET: '',
    S3_ACCESS_KEY_ID: '',
    S3_SECRET_ACCESS_KEY: '',
    // Card payments on, through the built-in sandbox checkout (never a real Stripe account).
    ENABLE_PAYMENT_SERVICES: 'stripe',
    STRIPE_SECRET_KEY: '',
  },
  stdio: 'inherit',
});

let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

server.on('error', (error) => {
  console.error(`[start-server] could not start the server: ${error.message}`);
  removeDataDir();
  process.exit(1);
});

server.on('exit', (code, signal) => {
  removeDataDir();
  if (!stopping) {
    console.error(`[start-server] the server exited unexpectedly (code ${code}, signal ${signal})`);
    process.exit(code ?? 1);
  }
  process.exit(0);
});
