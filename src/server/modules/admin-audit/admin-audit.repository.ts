import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditAction } from '#shared/contracts/audit';
import { defineRepository } from '../../db/repository.ts';
import { securityAuditLog, users } from '../../db/schema.ts';

export interface AuditLogFilter {
  action?: AuditAction;
  /** Part of an address; '' for everyone. */
  user: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

export interface AuditLogRow {
  id: string;
  createdAt: Date;
  action: string;
  userId: string | null;
  actorEmail: string | null;
  targetUserId: string | null;
  targetEmail: string | null;
  details: Record<string, unknown>;
  ipAddress: string | null;
  userAgent: string | null;
}

const actor = alias(users, 'actor');
const target = alias(users, 'target');

/** `%`, `_` and `\` typed by the admin are matched literally, not as LIKE wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function whereOf(filter: AuditLogFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  if (filter.action) conditions.push(eq(securityAuditLog.action, filter.action));
  if (filter.from) conditions.push(gte(securityAuditLog.createdAt, filter.from));
  if (filter.to) conditions.push(lt(securityAuditLog.createdAt, filter.to));
  if (filter.user !== '') {
    const pattern = `%${escapeLike(filter.user)}%`;
    conditions.push(
      or(
        ilike(actor.email, pattern),
        ilike(target.email, pattern),
        // Sign-in attempts name the address that was tried, whether or not an account has it.
        ilike(sql`${securityAuditLog.details}->>'email'`, pattern),
      ),
    );
  }
  return and(...conditions);
}

/** The audit log as the admin viewer reads it: filtered, newest first, with the people's addresses. */
export const createAdminAuditRepository = defineRepository((db) => ({
  async page(
    filter: AuditLogFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: AuditLogRow[]; total: number }> {
    const where = whereOf(filter);
    const [rows, [counted]] = await Promise.all([
      db
        .select({
          id: securityAuditLog.id,
          createdAt: securityAuditLog.createdAt,
          action: securityAuditLog.action,
          userId: securityAuditLog.userId,
          actorEmail: actor.email,
          targetUserId: securityAuditLog.targetUserId,
          targetEmail: target.email,
          details: securityAuditLog.details,
          ipAddress: securityAuditLog.ipAddress,
          userAgent: securityAuditLog.userAgent,
        })
        .from(securityAuditLog)
        .leftJoin(actor, eq(actor.id, securityAuditLog.userId))
        .leftJoin(target, eq(target.id, securityAuditLog.targetUserId))
        .where(where)
        // The id breaks ties between entries of the same moment: pages never overlap or skip.
        .orderBy(desc(securityAuditLog.createdAt), desc(securityAuditLog.id))
        .limit(limit)
        .offset(offset),
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(securityAuditLog)
        .leftJoin(actor, eq(actor.id, securityAuditLog.userId))
        .leftJoin(target, eq(target.id, securityAuditLog.targetUserId))
        .where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  },
}));

export type AdminAuditRepository = ReturnType<typeof createAdminAuditRepository>;
