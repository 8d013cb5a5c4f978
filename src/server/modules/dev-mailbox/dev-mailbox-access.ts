import type { IncomingHttpHeaders } from 'node:http';
import type { AppConfig } from '../../config/env.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { isLoopbackAddress } from '../../lib/rate-limiter.ts';

/**
 * The development mailbox shows every mail the server sent, password-reset links included, so it
 * is served only where nobody but the developer can reach it (decision 029).
 */

export interface DevMailboxAvailability {
  enabled: boolean;
  /** Why, for the start-up log. */
  reason: string;
}

/** Whether a host name (URL hostname or Host header) names this machine. */
export function isLoopbackHostname(hostname: string): boolean {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || isLoopbackAddress(bare);
}

function hostnameOf(hostHeader: string): string | undefined {
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * Whether this instance serves the mailbox at all. Each condition shuts it for a deployment that
 * could be reached from elsewhere: production, real mail, an announced proxy (TRUST_PROXY) and a
 * public address (PUBLIC_URL). A loopback PUBLIC_URL behind a public proxy cannot serve visitors
 * anyway: every form post fails the origin check (lib/http/security.ts).
 */
export function devMailboxAvailability(
  config: Pick<AppConfig, 'env' | 'publicUrl' | 'trustProxy'>,
  mailerKind: Mailer['kind'],
): DevMailboxAvailability {
  if (config.env === 'production') {
    return { enabled: false, reason: 'never in production' };
  }
  if (mailerKind !== 'dev-mailbox') {
    return { enabled: false, reason: 'SMTP_URL is set, mail is sent' };
  }
  if (config.trustProxy) {
    return { enabled: false, reason: 'TRUST_PROXY is set, so requests come through a proxy' };
  }
  if (!isLoopbackHostname(new URL(config.publicUrl).hostname)) {
    return {
      enabled: false,
      reason: `PUBLIC_URL ${config.publicUrl} is not a loopback address; mail is kept but not shown`,
    };
  }
  return {
    enabled: true,
    reason: `no SMTP_URL and PUBLIC_URL ${config.publicUrl} is a loopback address; answered only to direct requests from this machine`,
  };
}

/**
 * Headers a proxy adds on its way to us. A proxy on this machine connects from a loopback socket,
 * so the socket alone cannot tell a developer from the world behind it.
 */
const PROXY_HEADERS = ['forwarded', 'via', 'x-real-ip', 'x-client-ip', 'true-client-ip'];

/**
 * Whether a request came straight from this machine: a loopback socket, HTTP/1.1 or later (nginx
 * speaks HTTP/1.0 to its upstreams unless told otherwise, and adds no header by default), no
 * proxy's headers, and a Host (and Origin or Referer, when sent) naming this machine.
 */
export function isDirectLocalRequest(request: {
  remoteAddress: string | undefined;
  httpVersion: string;
  headers: IncomingHttpHeaders;
}): boolean {
  const { remoteAddress, httpVersion, headers } = request;
  if (!isLoopbackAddress(remoteAddress ?? null)) return false;
  if (httpVersion === '1.0' || httpVersion === '0.9') return false;
  const names = Object.keys(headers);
  if (names.some((name) => PROXY_HEADERS.includes(name) || name.startsWith('x-forwarded-'))) {
    return false;
  }
  const host = hostnameOf(headers.host ?? '');
  if (!host || !isLoopbackHostname(host)) return false;
  for (const named of [headers.origin, headers.referer]) {
    if (named === undefined) continue;
    const hostname = URL.canParse(named) ? new URL(named).hostname : undefined;
    if (!hostname || !isLoopbackHostname(hostname)) return false;
  }
  return true;
}
