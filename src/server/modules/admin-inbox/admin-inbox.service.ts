import {
  inboxMessages,
  type AdminInboxListResponse,
  type AdminInboxQuery,
  type InboxMessage,
} from '#shared/contracts/admin-inbox';
import type { TransactionRunner } from '../../db/repository.ts';
import type { Actor } from '../../lib/actor.ts';
import type { AuditLog } from '../../lib/audit-log.repository.ts';
import { notFound } from '../../lib/errors.ts';
import type { AdminInboxRepository, InboxRow } from './admin-inbox.repository.ts';

const toMessage = (row: InboxRow): InboxMessage => ({
  id: row.id,
  category: row.category,
  subject: row.subject,
  name: row.name,
  email: row.email,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  handledAt: row.handledAt?.toISOString() ?? null,
  handledBy:
    row.handledBy && row.handledByEmail ? { id: row.handledBy, email: row.handledByEmail } : null,
  fromAccount: row.userId !== null,
});

/** The contact inbox (issue 12): read the messages visitors sent, mark them handled or open. */
export function createAdminInboxService(deps: {
  inbox: AdminInboxRepository;
  transaction: TransactionRunner;
  audit: AuditLog;
}) {
  const { inbox, transaction, audit } = deps;
  return {
    async list(query: AdminInboxQuery): Promise<AdminInboxListResponse> {
      const { page, pageSize, status, category } = query;
      const [{ rows, total }, counts] = await Promise.all([
        inbox.page({ status, category }, pageSize, (page - 1) * pageSize),
        inbox.counts(category),
      ]);
      return {
        messages: rows.map((row) => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
          handledAt: row.handledAt?.toISOString() ?? null,
        })),
        page,
        pageSize,
        total,
        counts,
      };
    },

    async get(id: string): Promise<InboxMessage> {
      const row = await inbox.find(id);
      if (!row) throw notFound(inboxMessages.notFound);
      return toMessage(row);
    },

    /**
     * Marks a message handled (by the actor, now) or open again. Only a real change is written,
     * with its audit entry in the same transaction: marking a handled message handled keeps who
     * handled it first and records nothing.
     */
    async setHandled(id: string, handled: boolean, actor: Actor): Promise<InboxMessage> {
      return transaction(async (tx) => {
        const before = await inbox.in(tx).findForUpdate(id);
        if (!before) throw notFound(inboxMessages.notFound);
        if ((before.handledAt !== null) === handled) return toMessage(before);
        await inbox.in(tx).setHandled(id, handled ? { at: new Date(), by: actor.userId } : null);
        await audit.in(tx).record({
          action: handled ? 'contact_message_handled' : 'contact_message_reopened',
          userId: actor.userId,
          origin: actor.origin,
          details: {
            message_id: id,
            subject: before.subject,
            category: before.category,
            from: before.email,
          },
        });
        const after = await inbox.in(tx).find(id);
        return toMessage(after!);
      });
    },
  };
}

export type AdminInboxService = ReturnType<typeof createAdminInboxService>;
