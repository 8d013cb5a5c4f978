import nodemailer from 'nodemailer';
import type { DevMailboxRepository } from '../../modules/dev-mailbox/dev-mailbox.repository.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(message: MailMessage): Promise<void>;
}

/** Sends through SMTP_URL with nodemailer. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * Without SMTP (one machine, development), every message is kept in PostgreSQL and listed at
 * /dev/mailbox. The log says a message was stored, never its content: links carry tokens.
 */
export function createDevMailbox(deps: {
  messages: DevMailboxRepository;
  log: (message: string) => void;
}): Mailer {
  const { messages, log } = deps;
  return {
    kind: 'dev-mailbox',
    async send(message) {
      await messages.insert(message);
      log(`mail stored in the development mailbox (/dev/mailbox): "${message.subject}"`);
    },
  };
}
