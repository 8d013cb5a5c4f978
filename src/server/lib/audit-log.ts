import type { Database } from '../db/client.ts';
import { securityAuditLog } from '../db/schema.ts';
import type { RequestOrigin } from './rate-limiter.ts';

export const auditActions = [
  'failed_signin',
  'successful_signin',
  'rate_limited_signin',
  'password_reset_requested',
  'password_updated',
  'password_reset_failed',
  'password_reset_success',
  'role_changed',
  'account_deleted',
  'payment_amount_mismatch',
] as const;
export type AuditAction = (typeof auditActions)[number];

export interface AuditEntry {
  action: AuditAction;
  userId?: string | null;
  targetUserId?: string | null;
  details?: Record<string, unknown>;
  origin: RequestOrigin;
}

/**
 * Security events, with the address and user agent taken from the request on the server (the
 * spec's external IP lookup is not needed: the server sees the client).
 */
export function createAuditLog(db: Database) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db.insert(securityAuditLog).values({
        action: entry.action,
        userId: entry.userId ?? null,
        targetUserId: entry.targetUserId ?? null,
        ipAddress: entry.origin.ip,
        userAgent: entry.origin.userAgent,
        details: {
          ...entry.details,
          timestamp: new Date().toISOString(),
          ip_address: entry.origin.ip,
          user_agent: entry.origin.userAgent,
        },
      });
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
