import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '#server/db/embedded-postgres';

/** The external PostgreSQL's port (the bench's range is 3312–3319). */
export const EXTERNAL_PG_PORT = 3319;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PostgreSQL outside the instance: from the embedded-postgres binaries, in a directory of its own. */
export async function startExternalPostgres(log: (message: string) => void) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-capacity-pg-'));
  fs.chmodSync(dataDir, 0o755);
  const start = () =>
    startEmbeddedPostgres({ dataDir, port: EXTERNAL_PG_PORT, databaseName: 'relatos' });
  let handle: EmbeddedPostgresHandle = await start();
  const url = handle.connectionStringFor('relatos');
  // pg_stat_statements counts every statement the instance runs; it loads only at start.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
  await client.end();
  await handle.stop();
  handle = await start();
  const created = new pg.Client({ connectionString: url });
  await created.connect();
  await created.query('create extension if not exists pg_stat_statements');
  await created.end();
  log(`external PostgreSQL on 127.0.0.1:${EXTERNAL_PG_PORT} (pg_stat_statements loaded)`);
  return {
    url,
    /** The postmaster's pid: its tree is the server's CPU and memory. */
    pid: () => postmasterPid(handle.clusterDir),
    async restart(downMs: number) {
      await handle.stop();
      await sleep(downMs);
      handle = await start();
    },
    async stop() {
      await handle.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function postmasterPid(clusterDir: string): number {
  return Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}
