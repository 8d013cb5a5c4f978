import { serializeSignedCookie } from 'better-call';
import { describe, expect, it } from 'vitest';
import { cookieValue, readSignedCookie, signedCookieReader } from './session-cookie.ts';

const SECRET = 'test-secret-test-secret-test-secret-123';
const NAME = 'relatos.session_token';

/** A Cookie header as a browser sends it back, from better-call's own Set-Cookie. */
async function signedHeader(value: string, secret = SECRET) {
  const setCookie = await serializeSignedCookie(NAME, value, secret);
  return setCookie.split(';')[0]!;
}

describe('readSignedCookie', () => {
  it('reads what better-call signed, among other cookies', async () => {
    const header = `theme=dark; ${await signedHeader('token-abc')}; other=1`;
    expect(readSignedCookie(header, NAME, SECRET)).toBe('token-abc');
  });

  it('refuses a signature made with another secret, a changed value or no signature', async () => {
    const signed = await signedHeader('token-abc', 'another-secret-another-secret-another');
    expect(readSignedCookie(signed, NAME, SECRET)).toBeUndefined();
    const tampered = (await signedHeader('token-abc')).replace('token-abc', 'token-abd');
    expect(readSignedCookie(tampered, NAME, SECRET)).toBeUndefined();
    expect(readSignedCookie(`${NAME}=token-abc`, NAME, SECRET)).toBeUndefined();
    expect(readSignedCookie(undefined, NAME, SECRET)).toBeUndefined();
  });

  it('takes the first of two cookies of the same name, as better-call does', async () => {
    const header = `${await signedHeader('first')}; ${await signedHeader('second')}`;
    expect(readSignedCookie(header, NAME, SECRET)).toBe('first');
  });
});

describe('signedCookieReader', () => {
  it('reads a cookie it has verified again, and still refuses one whose value or signature changed', async () => {
    const read = signedCookieReader(SECRET);
    const header = await signedHeader('token-abc');
    expect(read(header, NAME)).toBe('token-abc');
    expect(read(header, NAME)).toBe('token-abc');
    expect(read(header.replace('token-abc', 'token-abd'), NAME)).toBeUndefined();
    const signature = header.slice(header.lastIndexOf('.') + 1);
    const otherSignature = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    expect(read(header.replace(signature, otherSignature), NAME)).toBeUndefined();
    expect(
      signedCookieReader('another-secret-another-secret-another')(header, NAME),
    ).toBeUndefined();
  });
});

describe('cookieValue', () => {
  it('decodes percent-encoding and drops quotes, and keeps a value that does not decode', () => {
    expect(cookieValue('a=%41b; b="q"; c=%E0%A4%A', 'a')).toBe('Ab');
    expect(cookieValue('a=%41b; b="q"; c=%E0%A4%A', 'b')).toBe('q');
    expect(cookieValue('a=%41b; b="q"; c=%E0%A4%A', 'c')).toBe('%E0%A4%A');
    expect(cookieValue('a=1', 'missing')).toBeUndefined();
  });
});
