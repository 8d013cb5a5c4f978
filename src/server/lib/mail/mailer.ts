import nodemailer from 'nodemailer';
import type { DevMailboxRepository } from '../../modules/dev-mailbox/dev-mailbox.repository.ts';

export interface MailMessage {
  to: string;
  /** The sender's display name (the platform's name); the address is always MAIL_FROM's. */
  fromName?: string;
  subject: string;
  text: string;
  html: string;
}

/** MAIL_FROM as `Name <address>` or a bare address: its name and address. */
export function parseMailFrom(from: string): { name: string; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(from);
  return match
    ? { name: match[1]!.trim(), address: match[2]! }
    : { name: '', address: from.trim() };
}

export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(message: MailMessage): Promise<void>;
}

/** Sends through SMTP_URL with nodemailer, from MAIL_FROM's address under the message's name. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  const sender = parseMailFrom(from);
  return {
    kind: 'smtp',
    async send({ fromName, ...message }) {
      const name = fromName ?? sender.name;
      await transport.sendMail({
        from: name ? { name, address: sender.address } : sender.address,
        ...message,
      });
    },
  };
}

/**
 * Without SMTP (one machine, development), every message is kept in PostgreSQL and listed by the
 * development mailbox, at the address the start-up log gives when it is served (decision 060).
 * The log says a message was stored, never its content: links carry tokens.
 */
export function createDevMailbox(deps: {
  messages: DevMailboxRepository;
  log: (message: string) => void;
}): Mailer {
  const { messages, log } = deps;
  return {
    kind: 'dev-mailbox',
    async send({ fromName: _sender, ...message }) {
      // The mailbox keeps what a reader needs; the sender is always this app.
      await messages.insert(message);
      log(`mail stored in the development mailbox: "${message.subject}"`);
    },
  };
}
