import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SESSION_COOKIE_PREFIX } from './auth-instance.ts';

/**
 * "Known device" cookies (decision 029): a browser that once signed in to an account is
 * recognised at its next sign-ins, and those are limited in a bucket of their own, so someone
 * else's wrong passwords (the shared per-email bucket) never lock the owner out of that browser.
 *
 * The cookie holds a random device id and, for each account signed in from it, a tag: an HMAC of
 * the device id and the email under the installation's secret. Only the server can make a tag,
 * and a tag is good for one device id only, so nobody can claim a fresh device for an account
 * without having signed in to it. Nothing in the cookie reveals the account.
 */

export const KNOWN_DEVICE_COOKIE = `${SESSION_COOKIE_PREFIX}.known_device`;
/** Long-lived: the protection is for devices the owner comes back to after weeks. */
export const KNOWN_DEVICE_LIFETIME_SECONDS = 365 * 24 * 60 * 60;
/** A family computer signs in to a few accounts; the oldest are forgotten past this. */
const MAX_ACCOUNTS_PER_DEVICE = 10;
const PART_LENGTH = 22; // 128 bits in base64url
const COOKIE_VALUE = new RegExp(
  `^[A-Za-z0-9_-]{${PART_LENGTH}}(?:\\.[A-Za-z0-9_-]{${PART_LENGTH}}){0,${MAX_ACCOUNTS_PER_DEVICE}}$`,
);

export interface KnownDevice {
  id: string;
  tags: string[];
}

/** One cookie's value from a Cookie request header. */
function cookieValue(header: string | null, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) {
      return pair.slice(separator + 1).trim();
    }
  }
  return undefined;
}

export function createKnownDevices(options: { secret: string; secureCookie: boolean }) {
  const tagOf = (deviceId: string, email: string) =>
    createHmac('sha256', options.secret)
      .update(`known-device\0${deviceId}\0${email}`)
      .digest('base64url')
      .slice(0, PART_LENGTH);

  return {
    /** The device a request's cookie names; undefined without one or with a malformed one. */
    read(cookieHeader: string | null): KnownDevice | undefined {
      const value = cookieValue(cookieHeader, KNOWN_DEVICE_COOKIE);
      if (!value || !COOKIE_VALUE.test(value)) return undefined;
      const [id, ...tags] = value.split('.');
      return { id: id!, tags };
    },

    /** Whether this device has signed in to the account of `email` before. */
    knows(device: KnownDevice | undefined, email: string): device is KnownDevice {
      if (!device) return false;
      const expected = Buffer.from(tagOf(device.id, email));
      return device.tags.some((tag) => timingSafeEqual(Buffer.from(tag), expected));
    },

    /** The Set-Cookie header that remembers a successful sign-in to `email` on this device. */
    remember(device: KnownDevice | undefined, email: string): string {
      const id = device?.id ?? randomBytes(16).toString('base64url');
      const tag = tagOf(id, email);
      const tags = [...(device?.tags ?? []).filter((known) => known !== tag), tag].slice(
        -MAX_ACCOUNTS_PER_DEVICE,
      );
      return [
        `${KNOWN_DEVICE_COOKIE}=${[id, ...tags].join('.')}`,
        `Max-Age=${KNOWN_DEVICE_LIFETIME_SECONDS}`,
        // Read by the sign-in route only; never by scripts, never sent from other sites.
        'Path=/api/auth',
        'HttpOnly',
        'SameSite=Strict',
        ...(options.secureCookie ? ['Secure'] : []),
      ].join('; ');
    },
  };
}

export type KnownDevices = ReturnType<typeof createKnownDevices>;
