import type { Database, DbExecutor } from '../db/client.ts';
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
  // Administration: stories, files, tracking tags.
  'story_created',
  'story_updated',
  'story_deleted',
  'story_published',
  'story_unpublished',
  'story_login_changed',
  'story_moved',
  'file_uploaded',
  'file_deleted',
  'files_associated',
  'file_unassociated',
  'tracking_tag_created',
  'tracking_tag_updated',
  'tracking_tag_deleted',
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
 * Writes one audit entry through `db`, which may be an open transaction: an entry about a change
 * is then written with the change, or not at all.
 */
export async function recordAuditEntry(db: DbExecutor, entry: AuditEntry): Promise<void> {
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
}

/**
 * Security events, with the address and user agent taken from the request on the server (the
 * spec's external IP lookup is not needed: the server sees the client).
 */
export function createAuditLog(db: Database) {
  return {
    record: (entry: AuditEntry): Promise<void> => recordAuditEntry(db, entry),
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
