import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which proxies in front of the instance are trusted to say who the client is (TRUST_PROXY,
 * decision 054). The client's address is the one the nearest untrusted hop was seen from:
 * `X-Forwarded-For` read from the right, never its left-most entry, which the client writes
 * itself when a proxy appends to the header.
 *
 * - `false`: no proxy; the socket's address is the client's.
 * - `{ hops: n }`: exactly n proxies stand in front of every request; the address the outermost
 *   one saw is the client's (`true` means one).
 * - `{ addresses }`: proxies are recognised by address (IPs, CIDR ranges, or `loopback`,
 *   `linklocal`, `uniquelocal`); the right-most address not among them is the client's.
 */
export type TrustedProxies = false | { hops: number } | { addresses: string[] };

/** The largest hop count taken: more proxies than this in a row is a mistake, not a topology. */
const MAX_HOPS = 10;
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address or a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const TRUST_PROXY_FORMAT = `false; true (one proxy); a number of proxies from 1 to ${MAX_HOPS}; or a comma list of proxy addresses and CIDR ranges (loopback, linklocal and uniquelocal name those ranges)`;

/** TRUST_PROXY as written in the environment. */
export const trustProxyFromEnv = z
  .string()
  .default('false')
  .transform((raw, context): TrustedProxies => {
    const value = raw.trim().toLowerCase();
    if (['', 'false', '0', 'no'].includes(value)) return false;
    if (['true', 'yes'].includes(value)) return { hops: 1 };
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= MAX_HOPS) return { hops };
    } else {
      const addresses = value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
      if (addresses.length > 0 && addresses.every(isProxyAddress)) return { addresses };
    }
    context.addIssue({ code: 'custom', message: `expected ${TRUST_PROXY_FORMAT}` });
    return z.NEVER;
  });

/**
 * Fastify's `trustProxy` for these proxies. A hop count is given as a function of the hop's
 * position: Fastify 5.12 reads a bare number as "trust nothing".
 */
export function fastifyTrustProxy(
  trust: TrustedProxies,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  return trust.addresses;
}
