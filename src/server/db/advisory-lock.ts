import type pg from 'pg';

/**
 * Runs `work` while holding a PostgreSQL advisory lock on a connection of its own, so that of
 * several instances starting on one database only one does it at a time.
 */
export async function withAdvisoryLock<T>(
  pool: pg.Pool,
  key: number,
  work: () => Promise<T>,
): Promise<T> {
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [key]);
    return await work();
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
    lockClient.release();
  }
}

/** `withAdvisoryLock` on the app's pool, for services (the composition root builds it). */
export type ExclusiveRunner = <T>(key: number, work: () => Promise<T>) => Promise<T>;

export const createExclusiveRunner =
  ({ pool }: { pool: pg.Pool }): ExclusiveRunner =>
  (key, work) =>
    withAdvisoryLock(pool, key, work);
