import {
  DEV_MAILBOX_TOKEN_NAME,
  isDevMailboxToken,
  newDevMailboxToken,
} from './dev-mailbox-access.ts';
import type { DevMailboxRepository } from './dev-mailbox.repository.ts';

const MESSAGE_LIMIT = 50;

export interface DevMailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/**
 * Reads what the development mailbox kept (lib/mail/mailer.ts writes it), to whoever knows its
 * token: DEV_MAILBOX_TOKEN, else a random one the installation keeps, so the address stays the
 * same across restarts and instances (decision 060).
 */
export function createDevMailboxService(deps: {
  messages: DevMailboxRepository;
  /** DEV_MAILBOX_TOKEN. */
  configuredToken?: string;
}) {
  const { messages, configuredToken } = deps;
  let token: Promise<string> | undefined;

  const tokenOnce = () => {
    token ??= configuredToken
      ? Promise.resolve(configuredToken)
      : messages.installationValue(DEV_MAILBOX_TOKEN_NAME, newDevMailboxToken());
    token.catch(() => (token = undefined));
    return token;
  };

  return {
    /** The token of the mailbox's address (/dev/mailbox/<token>), for the start-up log. */
    token: tokenOnce,

    /** Whether a request's token opens the mailbox. */
    async opens(candidate: string): Promise<boolean> {
      return isDevMailboxToken(await tokenOnce(), candidate);
    },

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
