import { sql } from 'drizzle-orm';
import { defineRepository } from '../db/repository.ts';
import type { RequestOrigin } from './actor.ts';

/**
 * Fixed-window counters in the `rate_limits` table, shared by every instance. One atomic upsert
 * per attempt: the window restarts when it has passed, otherwise the count goes up.
 */
export const createRateLimitsRepository = defineRepository((db) => ({
  async countAttempt(
    identifier: string,
    action: string,
    windowSeconds: number,
    origin: RequestOrigin,
  ): Promise<{ attempts: number; windowStart: Date }> {
    const result = await db.execute<{ attempts: number; window_start: string }>(sql`
      insert into rate_limits (identifier, action, attempts, window_start, ip_address, user_agent)
      values (${identifier}, ${action}, 1, now(), ${origin.ip}, ${origin.userAgent})
      on conflict (identifier, action) do update set
        attempts = case
          when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1
          else rate_limits.attempts + 1 end,
        window_start = case
          when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then now()
          else rate_limits.window_start end,
        ip_address = excluded.ip_address,
        user_agent = excluded.user_agent
      returning attempts, window_start`);
    const row = result.rows[0]!;
    return { attempts: Number(row.attempts), windowStart: new Date(row.window_start) };
  },

  async clear(identifier: string, action: string): Promise<void> {
    await db.execute(
      sql`delete from rate_limits where identifier = ${identifier} and action = ${action}`,
    );
  },

  /** Every counter kept under these identifiers (a deleted account's id and e-mail address). */
  async clearIdentifiers(identifiers: readonly string[]): Promise<void> {
    if (identifiers.length === 0) return;
    await db.execute(
      sql`delete from rate_limits where identifier in (${sql.join(
        identifiers.map((identifier) => sql`${identifier}`),
        sql`, `,
      )})`,
    );
  },
}));

export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;
