import type {
  AdminAuditListResponse,
  AdminAuditQuery,
  AuditEntry,
} from '#shared/contracts/admin-audit';
import { AUDIT_HOUSEKEEPING_KEYS } from '#shared/audit-actions';
import type { AdminAuditRepository, AuditLogRow } from './admin-audit.repository.ts';

const hidden: readonly string[] = AUDIT_HOUSEKEEPING_KEYS;

/**
 * Who acted: the signed-in person of the entry; otherwise a visitor when the entry came from a
 * request (it has an address or agent: a failed sign-in, a password reset link), or the system
 * (a background job with nobody behind it).
 */
function actorOf(row: AuditLogRow): AuditEntry['actor'] {
  if (row.userId) return { kind: 'user', userId: row.userId, email: row.actorEmail };
  const fromRequest = row.ipAddress !== null || row.userAgent !== null;
  return { kind: fromRequest ? 'visitor' : 'system', userId: null, email: null };
}

const toEntry = (row: AuditLogRow): AuditEntry => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  action: row.action,
  actor: actorOf(row),
  target: row.targetUserId ? { userId: row.targetUserId, email: row.targetEmail } : null,
  details: Object.fromEntries(Object.entries(row.details).filter(([key]) => !hidden.includes(key))),
  ipAddress: row.ipAddress,
});

/** The audit log viewer (issue 12): every recorded event, filtered and paged, newest first. */
export function createAdminAuditService(deps: { audit: AdminAuditRepository }) {
  const { audit } = deps;
  return {
    async list(query: AdminAuditQuery): Promise<AdminAuditListResponse> {
      const { page, pageSize } = query;
      const { rows, total } = await audit.page(
        {
          action: query.action,
          user: query.user,
          from: query.from ? new Date(query.from) : undefined,
          to: query.to ? new Date(query.to) : undefined,
        },
        pageSize,
        (page - 1) * pageSize,
      );
      return { entries: rows.map(toEntry), page, pageSize, total };
    },
  };
}

export type AdminAuditService = ReturnType<typeof createAdminAuditService>;
