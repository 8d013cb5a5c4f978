import pg from 'pg';
import { runningServerConnection } from '#server/db/embedded-postgres';
import { readE2eServerInfo } from './server-info.ts';

/**
 * The journeys' server's own database (start-server.ts notes its data directory, where the
 * embedded PostgreSQL leaves its address), for what no screen can set up: a file uploaded a day
 * ago.
 */
export async function withServerDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const { dataDir } = readE2eServerInfo();
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
