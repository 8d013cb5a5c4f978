import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../config/env.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { isLoopbackAddress } from '../../lib/rate-limiter.ts';

/**
 * The development mailbox shows every mail the server kept, password-reset links included. It is
 * served only when chosen (DEV_MAILBOX, on by default for a development start on this machine
 * only) and only at an address holding a token that the start-up log prints: what a request's
 * headers say about where it came from decides nothing, since a proxy need not say it is one
 * (decision 060).
 */

export interface DevMailboxAvailability {
  enabled: boolean;
  /** Why, for the start-up log. */
  reason: string;
}

/** Whether a host name (a URL's hostname) names this machine. */
export function isLoopbackHostname(hostname: string): boolean {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || isLoopbackAddress(bare);
}

/**
 * Whether this instance serves the mailbox at all. DEV_MAILBOX=true or false is obeyed (true only
 * where mail is kept: the configuration refuses it beside SMTP_URL). By default (auto) it is on
 * only for what `npm start` on a fresh clone is: not production, no SMTP_URL, no TRUST_PROXY and
 * a loopback PUBLIC_URL; any of them says the instance is meant to be reached from elsewhere.
 */
export function devMailboxAvailability(
  config: Pick<AppConfig, 'env' | 'publicUrl' | 'trustProxy' | 'devMailbox'>,
  mailerKind: Mailer['kind'],
): DevMailboxAvailability {
  const { mode } = config.devMailbox;
  if (mode === 'off') return { enabled: false, reason: 'DEV_MAILBOX=false' };
  if (mailerKind !== 'dev-mailbox') {
    return { enabled: false, reason: 'SMTP_URL is set, mail is sent' };
  }
  if (mode === 'on') return { enabled: true, reason: 'DEV_MAILBOX=true' };
  if (config.env === 'production') {
    return { enabled: false, reason: 'production serves it only with DEV_MAILBOX=true' };
  }
  if (config.trustProxy) {
    return {
      enabled: false,
      reason: 'TRUST_PROXY is set, so others reach this instance (DEV_MAILBOX=true serves it)',
    };
  }
  if (!isLoopbackHostname(new URL(config.publicUrl).hostname)) {
    return {
      enabled: false,
      reason: `PUBLIC_URL ${config.publicUrl} is not a loopback address; mail is kept but not shown (DEV_MAILBOX=true serves it)`,
    };
  }
  return {
    enabled: true,
    reason:
      'a development start without SMTP_URL on a loopback PUBLIC_URL (DEV_MAILBOX=false turns it off)',
  };
}

/** The name of the installation's stored token when DEV_MAILBOX_TOKEN is not set. */
export const DEV_MAILBOX_TOKEN_NAME = 'dev_mailbox_token';

/** A new token: 128 random bits, URL-safe. */
export const newDevMailboxToken = () => randomBytes(16).toString('base64url');

/** Whether `candidate` is the token, compared in constant time. */
export function isDevMailboxToken(token: string, candidate: string): boolean {
  const expected = Buffer.from(token);
  const given = Buffer.from(candidate);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
