import type { DevMailboxRepository } from './dev-mailbox.repository.ts';

const MESSAGE_LIMIT = 50;

export interface DevMailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** Reads what the development mailbox kept (lib/mail/mailer.ts writes it). */
export function createDevMailboxService(deps: { messages: DevMailboxRepository }) {
  const { messages } = deps;
  return {
    /** The newest messages first. */
    async latest(): Promise<DevMailboxMessage[]> {
      return (await messages.latest(MESSAGE_LIMIT)).map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}

export type DevMailboxService = ReturnType<typeof createDevMailboxService>;
