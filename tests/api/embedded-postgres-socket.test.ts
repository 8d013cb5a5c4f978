import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONNECTION_FILE,
  startEmbeddedPostgres,
  type EmbeddedPostgresHandle,
} from '#server/db/embedded-postgres';

async function selectOne(connectionString: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<{ one: number }>('select 1 as one')).rows[0]?.one;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL connections', () => {
  let dataDir: string;
  let handle: EmbeddedPostgresHandle;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-socket-'));
    // Reachable by the unprivileged user PostgreSQL runs as when the tests run as root.
    fs.chmodSync(dataDir, 0o755);
    handle = await startEmbeddedPostgres({ dataDir, port: 0, databaseName: 'relatos' });
  }, 60_000);

  afterAll(async () => {
    await handle?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("gives the app a Unix socket in the cluster's own directory, and scripts the same", async () => {
    const { host, port } = new pg.Client({ connectionString: handle.connectionString });
    expect(host).toBe(handle.clusterDir);
    expect(fs.statSync(path.join(handle.clusterDir, `.s.PGSQL.${port}`)).isSocket()).toBe(true);
    expect(await selectOne(handle.connectionString)).toBe(1);
    const scriptConnection = fs.readFileSync(path.join(dataDir, CONNECTION_FILE), 'utf8').trim();
    expect(scriptConnection).toBe(handle.connectionString);
  });

  it('still answers on its loopback port (connectionStringFor, tools by port)', async () => {
    const tcp = handle.connectionStringFor('relatos');
    expect(new pg.Client({ connectionString: tcp }).host).toBe('127.0.0.1');
    expect(await selectOne(tcp)).toBe(1);
  });
});
