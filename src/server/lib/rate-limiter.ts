import type { RequestOrigin } from './actor.ts';
import type { RateLimitsRepository } from './rate-limits.repository.ts';

export interface RateLimitRule {
  action: string;
  limit: number;
  windowMs: number;
}

export const rateLimitRules = {
  /** Per email, for sign-ins from browsers not known for that account (decision 029). */
  signIn: { action: 'signin', limit: 5, windowMs: 15 * 60_000 },
  /** Per email and known device: someone else's failures elsewhere never count here. */
  signInKnownDevice: { action: 'signin_device', limit: 5, windowMs: 15 * 60_000 },
  /** Across emails from one client address, known devices aside (a school may share one). */
  signInAddress: { action: 'signin_address', limit: 30, windowMs: 15 * 60_000 },
  /** Each sign-up with a known address mails its owner: this caps the mail one address gets. */
  signUpEmail: { action: 'signup_email', limit: 3, windowMs: 15 * 60_000 },
  /** Across emails from one client address (generous: a class may share one school address). */
  signUpAddress: { action: 'signup_address', limit: 10, windowMs: 60 * 60_000 },
  passwordReset: { action: 'password_reset', limit: 3, windowMs: 15 * 60_000 },
  resendConfirmation: { action: 'resend_confirmation', limit: 3, windowMs: 15 * 60_000 },
  translate: { action: 'translate', limit: 120, windowMs: 60_000 },
  contact: { action: 'contact', limit: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

export type RateLimitVerdict =
  | { allowed: true; attempts: number }
  | { allowed: false; attempts: number; retryAfterSeconds: number };

/** The identifier a limit counts a visitor under when nobody is signed in: their address. */
export const addressIdentifier = (origin: RequestOrigin) => `ip:${origin.ip ?? 'unknown'}`;

/** Whether a client address is this host itself (IPv4 127/8, IPv6 ::1, or IPv4-mapped 127/8). */
export function isLoopbackAddress(ip: string | null): boolean {
  if (!ip) return false;
  const v4 = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  return ip === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** Limits per account or per client address, counted in PostgreSQL so every instance agrees. */
export function createRateLimiter({ rateLimits }: { rateLimits: RateLimitsRepository }) {
  return {
    async hit(
      rule: RateLimitRule,
      identifier: string,
      origin: RequestOrigin,
    ): Promise<RateLimitVerdict> {
      const { attempts, windowStart } = await rateLimits.countAttempt(
        identifier,
        rule.action,
        rule.windowMs / 1000,
        origin,
      );
      if (attempts <= rule.limit) return { allowed: true, attempts };
      const windowEnds = windowStart.getTime() + rule.windowMs;
      return {
        allowed: false,
        attempts,
        retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - Date.now()) / 1000)),
      };
    },

    async reset(rule: RateLimitRule, identifier: string): Promise<void> {
      await rateLimits.clear(identifier, rule.action);
    },

    /** Forgets every count kept under these identifiers, whatever the rule (account deletion). */
    async forget(identifiers: readonly string[]): Promise<void> {
      await rateLimits.clearIdentifiers(identifiers);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
