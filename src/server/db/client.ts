import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { withAdvisoryLock } from './advisory-lock.ts';
import * as schema from './schema.ts';

export type Database = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: repositories accept either. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

export interface DatabaseConnection {
  db: Database;
  pool: pg.Pool;
  /** For connections of their own (LISTEN for live events). */
  connectionString: string;
  close(): Promise<void>;
}

export interface ConnectionLimits {
  /**
   * How long a query may wait for a connection (opening one, or a free one in a full pool) before
   * it fails. While the database is unreachable, requests then fail fast with 503 (db/unavailable.ts)
   * instead of piling up. Unset: wait as long as it takes (tests, scripts).
   */
  connectTimeoutMs?: number;
  /** PostgreSQL cancels a statement running longer (statement_timeout). Unset or 0: no limit. */
  statementTimeoutMs?: number;
}

export function connectDatabase(
  connectionString: string,
  maxConnections = 10,
  limits: ConnectionLimits = {},
): DatabaseConnection {
  const pool = new pg.Pool({
    connectionString,
    max: maxConnections,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    // Sent when each connection opens, so it holds for every statement on this pool.
    statement_timeout: limits.statementTimeoutMs || undefined,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { db, pool, connectionString, close: () => pool.end() };
}

const MIGRATION_LOCK_KEY = 7_212_001;

/**
 * Applies pending migrations. Several instances may start together on one database, so the run is
 * serialised by a PostgreSQL advisory lock held on a connection of its own.
 */
export async function runMigrations(connection: DatabaseConnection): Promise<void> {
  await withAdvisoryLock(connection.pool, MIGRATION_LOCK_KEY, () =>
    migrate(connection.db, { migrationsFolder }),
  );
}
