/**
 * Runs the embedded PostgreSQL for one API test run in a process of its own, so that the test
 * runner's process holds nothing of it. Prints `{"serverUrl": …}` once ready; stops the server and
 * removes its files when stdin closes (the runner ended, however it ended) or on SIGTERM.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '#server/db/embedded-postgres';

const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-api-tests-'));
// Reachable by the unprivileged user PostgreSQL runs as when the tests run as root.
fs.chmodSync(tempDir, 0o755);
const handle = await startEmbeddedPostgres({
  dataDir: tempDir,
  port: 0,
  databaseName: 'postgres',
  throwaway: true,
});
process.stdout.write(
  `${JSON.stringify({ serverUrl: handle.connectionStringFor('').replace(/\/$/, '') })}\n`,
);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await handle.stop();
  fs.rmSync(tempDir, { recursive: true, force: true });
  process.exit(0);
}
process.stdin.on('end', () => void stop());
process.stdin.on('close', () => void stop());
process.stdin.resume();
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
