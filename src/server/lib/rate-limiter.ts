import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

export interface RateLimitRule {
  action: string;
  limit: number;
  windowMs: number;
}

export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

export const rateLimitRules = {
  signIn: { action: 'signin', limit: 5, windowMs: 15 * 60_000 },
  passwordReset: { action: 'password_reset', limit: 3, windowMs: 15 * 60_000 },
  resendConfirmation: { action: 'resend_confirmation', limit: 3, windowMs: 15 * 60_000 },
  translate: { action: 'translate', limit: 120, windowMs: 60_000 },
  contact: { action: 'contact', limit: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

export type RateLimitVerdict =
  | { allowed: true; attempts: number }
  | { allowed: false; attempts: number; retryAfterSeconds: number };

/**
 * Fixed-window counters in the `rate_limits` table, shared by every instance. One atomic upsert
 * per attempt: the window restarts when it has passed, otherwise the count goes up.
 */
export function createRateLimiter(db: Database) {
  return {
    async hit(
      rule: RateLimitRule,
      identifier: string,
      origin: RequestOrigin,
    ): Promise<RateLimitVerdict> {
      const windowSeconds = rule.windowMs / 1000;
      const result = await db.execute<{ attempts: number; window_start: string }>(sql`
        insert into rate_limits (identifier, action, attempts, window_start, ip_address, user_agent)
        values (${identifier}, ${rule.action}, 1, now(), ${origin.ip}, ${origin.userAgent})
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
      const attempts = Number(row.attempts);
      if (attempts <= rule.limit) return { allowed: true, attempts };
      const windowEnds = new Date(row.window_start).getTime() + rule.windowMs;
      return {
        allowed: false,
        attempts,
        retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - Date.now()) / 1000)),
      };
    },

    async reset(rule: RateLimitRule, identifier: string): Promise<void> {
      await db.execute(
        sql`delete from rate_limits where identifier = ${identifier} and action = ${rule.action}`,
      );
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
