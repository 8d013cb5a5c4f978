import { desc } from 'drizzle-orm';
import type { MailMessage } from '../../lib/mail/mailer.ts';
import { sharedInstallationSecret } from '../../db/installation-secret.ts';
import { defineRepository } from '../../db/repository.ts';
import { devMailboxMessages } from '../../db/schema.ts';

export type DevMailboxRow = typeof devMailboxMessages.$inferSelect;

/** The development mailbox's messages, kept in PostgreSQL (no SMTP server in development). */
export const createDevMailboxRepository = defineRepository((db) => ({
  async insert(message: MailMessage): Promise<void> {
    await db.insert(devMailboxMessages).values(message);
  },

  latest(limit: number): Promise<DevMailboxRow[]> {
    return db
      .select()
      .from(devMailboxMessages)
      .orderBy(desc(devMailboxMessages.createdAt))
      .limit(limit);
  },

  /** The installation's stored value called `name`, or `candidate`, stored now (decision 029). */
  async installationValue(name: string, candidate: string): Promise<string> {
    return (await sharedInstallationSecret(db, name, candidate)).value;
  },
}));

export type DevMailboxRepository = ReturnType<typeof createDevMailboxRepository>;
