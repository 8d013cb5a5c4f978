import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { ContactCategory, InboxStatus } from '#shared/contracts/admin-inbox';
import { defineRepository } from '../../db/repository.ts';
import { feedback, users } from '../../db/schema.ts';

export interface InboxFilter {
  status: InboxStatus;
  category?: ContactCategory;
}

export interface InboxRow {
  id: string;
  userId: string | null;
  name: string;
  email: string;
  category: ContactCategory;
  subject: string;
  message: string;
  createdAt: Date;
  handledAt: Date | null;
  handledBy: string | null;
  handledByEmail: string | null;
}

const summaryColumns = {
  id: feedback.id,
  name: feedback.name,
  email: feedback.email,
  category: feedback.category,
  subject: feedback.subject,
  createdAt: feedback.createdAt,
  handledAt: feedback.handledAt,
};

const statusCondition: Record<InboxStatus, SQL | undefined> = {
  open: isNull(feedback.handledAt),
  handled: isNotNull(feedback.handledAt),
  all: undefined,
};

const categoryCondition = (category: ContactCategory | undefined) =>
  category ? eq(feedback.category, category) : undefined;

/** The contact messages (feedback rows) as the admin inbox reads and marks them. */
export const createAdminInboxRepository = defineRepository((db) => {
  async function find(id: string): Promise<InboxRow | undefined> {
    const [row] = await db
      .select({
        ...summaryColumns,
        userId: feedback.userId,
        message: feedback.message,
        handledBy: feedback.handledBy,
        handledByEmail: users.email,
      })
      .from(feedback)
      .leftJoin(users, eq(users.id, feedback.handledBy))
      .where(eq(feedback.id, id));
    return row;
  }

  return {
    /** A page of messages newest first (the id breaks ties: pages never overlap). */
    async page(filter: InboxFilter, limit: number, offset: number) {
      const where = and(statusCondition[filter.status], categoryCondition(filter.category));
      const [rows, [counted]] = await Promise.all([
        db
          .select(summaryColumns)
          .from(feedback)
          .where(where)
          .orderBy(desc(feedback.createdAt), desc(feedback.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(feedback)
          .where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    /** How many messages are open and handled (in one category, or in all). */
    async counts(category: ContactCategory | undefined) {
      const [row] = await db
        .select({
          open: sql<number>`count(*) filter (where ${feedback.handledAt} is null)::int`,
          handled: sql<number>`count(*) filter (where ${feedback.handledAt} is not null)::int`,
        })
        .from(feedback)
        .where(categoryCondition(category));
      return { open: row?.open ?? 0, handled: row?.handled ?? 0 };
    },

    find,

    /** The message, its row locked until the transaction ends (two admins marking it at once). */
    async findForUpdate(id: string): Promise<InboxRow | undefined> {
      const [locked] = await db
        .select({ id: feedback.id })
        .from(feedback)
        .where(eq(feedback.id, id))
        .for('update');
      return locked ? find(id) : undefined;
    },

    async setHandled(id: string, handled: { at: Date; by: string } | null): Promise<void> {
      await db
        .update(feedback)
        .set({ handledAt: handled?.at ?? null, handledBy: handled?.by ?? null })
        .where(eq(feedback.id, id));
    },
  };
});

export type AdminInboxRepository = ReturnType<typeof createAdminInboxRepository>;
