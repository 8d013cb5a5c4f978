import type { AppConfig } from '../config/env.ts';
import { connectDatabase, runMigrations, type DatabaseConnection } from './client.ts';
import { runningServerConnection, startEmbeddedPostgres } from './embedded-postgres.ts';

/**
 * A database connection for command-line scripts: DATABASE_URL; otherwise the embedded cluster of
 * DATA_DIR — reached on its port when a server is running it, started for the script when not.
 */
export async function openDatabaseForScript(
  config: AppConfig,
): Promise<{ database: DatabaseConnection; close(): Promise<void> }> {
  if (config.databaseUrl) {
    const database = connectDatabase(config.databaseUrl, 2);
    return { database, close: () => database.close() };
  }
  const running = runningServerConnection(config.dataDir);
  if (running) {
    const database = connectDatabase(running, 2);
    return { database, close: () => database.close() };
  }
  const handle = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: 0,
    databaseName: 'relatos',
  });
  const database = connectDatabase(handle.connectionString, 2);
  await runMigrations(database);
  return {
    database,
    async close() {
      await database.close();
      await handle.stop();
    },
  };
}
