import { sql } from 'drizzle-orm';
import { defineRepository } from '../../db/repository.ts';

export const createHealthRepository = defineRepository((db) => ({
  /** A round trip to the database, nothing more. */
  async ping(): Promise<void> {
    await db.execute(sql`select 1`);
  },
}));

export type HealthRepository = ReturnType<typeof createHealthRepository>;
