import type { AuditAction } from '#shared/contracts/audit';
import { defineRepository } from '../db/repository.ts';
import { securityAuditLog } from '../db/schema.ts';
import type { RequestOrigin } from './actor.ts';

export interface AuditEntry {
  action: AuditAction;
  userId?: string | null;
  targetUserId?: string | null;
  details?: Record<string, unknown>;
  origin: RequestOrigin;
}

/**
 * The one way to write the security audit log, with the address and user agent the server saw
 * (the spec's external IP lookup is not needed). `audit.in(tx).record(…)` writes an entry about a
 * change inside the change's transaction: with the change, or not at all.
 */
export const createAuditLogRepository = defineRepository((db) => ({
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
}));

export type AuditLog = ReturnType<typeof createAuditLogRepository>;
