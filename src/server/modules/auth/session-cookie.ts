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

/** `value.signature` as better-call writes it: the value when the signature is ours. */
function verifiedValue(signed: string, secret: string): string | undefined {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return undefined;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith('=')) return undefined;
  const expected = createHmac('sha256', secret).update(value).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
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
  return signed ? verifiedValue(signed, secret) : undefined;
}

/** Signed values a reader remembers as verified; beyond, the oldest is forgotten first. */
export const VERIFIED_COOKIES_MAX = 10_000;

/**
 * {@link readSignedCookie} for one secret, remembering the signed values it has verified: a
 * listener's player sends the same cookie with every request, and its HMAC was a few per cent of
 * a busy instance's CPU (issue 26). Only values whose signature checked out are kept, so a value
 * is accepted from memory only when it is, byte for byte, one that verified.
 */
export function signedCookieReader(secret: string) {
  const verified = new Map<string, string>();
  return (header: string | null | undefined, name: string): string | undefined => {
    const signed = cookieValue(header, name);
    if (!signed) return undefined;
    const known = verified.get(signed);
    if (known !== undefined) return known;
    const value = verifiedValue(signed, secret);
    if (value !== undefined) {
      if (verified.size >= VERIFIED_COOKIES_MAX) verified.delete(verified.keys().next().value!);
      verified.set(signed, value);
    }
    return value;
  };
}
