import fs from 'node:fs';
import pg from 'pg';
import { runningServerConnection } from '#server/db/embedded-postgres';
import { e2eServerInfoPath } from './server-info.ts';

/**
 * The journeys' server's own database (start-server.ts notes its data directory, where the
 * embedded PostgreSQL leaves its address), for what no screen can set up: a file uploaded a day
 * ago.
 */
export async function withServerDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const port = Number.parseInt(process.env.E2E_PORT ?? '3210', 10);
  const { dataDir } = JSON.parse(fs.readFileSync(e2eServerInfoPath(port), 'utf8')) as {
    dataDir: string;
  };
  const connectionString = runningServerConnection(dataDir);
  if (!connectionString) throw new Error(`no running server database in ${dataDir}`);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
