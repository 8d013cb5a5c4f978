import { z } from 'zod';
import { auditActions } from './audit.ts';
import { pageInfoSchema, pageQueryFields } from './pagination.ts';

/**
 * The admin audit log viewer over security_audit_log (issue 12, "Messages and audit"). Routes:
 * src/server/modules/admin-audit. Labels of the actions: src/shared/audit-actions.ts.
 *
 *   GET /api/admin/audit?action=&user=&from=&to=&page=&pageSize=  → a page of entries, newest first
 */

export const AUDIT_DEFAULT_PAGE_SIZE = 25;
export const AUDIT_MAX_PAGE_SIZE = 100;
export const AUDIT_USER_SEARCH_MAX_LENGTH = 254;

// A moment with its offset ('2025-06-01T00:00:00+02:00' or '…Z'): the viewer sends the start of
// the administrator's own days, so a date range means the days they see on their calendar.
const moment = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be a date and time (ISO 8601)` });

export const adminAuditQuerySchema = z
  .object({
    action: z
      .enum(auditActions, { error: 'action is not an event type of the audit log' })
      .optional(),
    /**
     * Part of an e-mail address, any case: entries whose actor or target user has a matching
     * address, or that name one (a sign-in attempt's `email`). Blank means everyone.
     */
    user: z.string().trim().max(AUDIT_USER_SEARCH_MAX_LENGTH).default(''),
    /** Entries at or after this moment. */
    from: moment('from').optional(),
    /** Entries before this moment (exclusive: the start of the day after the last one shown). */
    to: moment('to').optional(),
    ...pageQueryFields({
      defaultPageSize: AUDIT_DEFAULT_PAGE_SIZE,
      maxPageSize: AUDIT_MAX_PAGE_SIZE,
    }),
  })
  .strict()
  .refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), {
    path: ['to'],
    message: 'The end of the date range must come after its start',
  });
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

/** Who did it: a person (by address), a visitor (a request nobody was signed in for) or the system. */
export const auditActorKinds = ['user', 'visitor', 'system'] as const;
export type AuditActorKind = (typeof auditActorKinds)[number];

export const auditEntrySchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  /** Usually one of `auditActions`; an older row may hold an action this build no longer writes. */
  action: z.string(),
  actor: z.object({
    kind: z.enum(auditActorKinds),
    userId: z.string().nullable(),
    email: z.string().nullable(),
  }),
  /** The account the action was about (a role change's user), when there is one. */
  target: z.object({ userId: z.string(), email: z.string().nullable() }).nullable(),
  /** What changed, as recorded; the keys every entry carries (time, address, agent) left out. */
  details: z.record(z.string(), z.unknown()),
  ipAddress: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const adminAuditListResponseSchema = pageInfoSchema.extend({
  entries: z.array(auditEntrySchema),
});
export type AdminAuditListResponse = z.infer<typeof adminAuditListResponseSchema>;
