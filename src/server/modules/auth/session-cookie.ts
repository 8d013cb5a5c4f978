import { createHmac, timingSafeEqual } from 'node:crypto';

/** better-call signs a cookie as `value.base64(HMAC-SHA256(secret, value))`: 44 characters. */
const SIGNATURE_LENGTH = 44;

/**
 * The value of the first cookie called `name` in a Cookie header, percent-decoded, as better-call
 * (better-auth's HTTP layer) reads it: the first of two equal names wins, a value in double quotes
 * loses them, a value that does not decode is kept as sent.
 */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    if (equals === -1 || part.slice(0, equals).trim() !== name) continue;
    let value = part.slice(equals + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * The value better-auth signed into cookie `name`, or undefined when the cookie is missing or its
 * signature is not ours. Checked here, synchronously, the same way better-call checks it, so a
 * signed-in request costs no trip through better-auth's endpoint machinery (decision 032).
 */
export function readSignedCookie(
  header: string | null | undefined,
  name: string,
  secret: string,
): string | undefined {
  const signed = cookieValue(header, name);
  if (!signed) return undefined;
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return undefined;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith('=')) return undefined;
  const expected = createHmac('sha256', secret).update(value).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
}
