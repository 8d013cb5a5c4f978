import { describe, expect, it } from 'vitest';

import { AppError } from '../errors.ts';
import { contentDisposition } from './send-object.ts';
import {
  assertBucket,
  assertSafeKey,
  generateObjectKey,
  isSafeKey,
  safeExtension,
} from './storage.ts';

const badRequestMessage = (fn: () => void): string => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('BAD_REQUEST');
    return (err as AppError).message;
  }
  throw new Error('expected a badRequest');
};

describe('assertSafeKey', () => {
  it.each([
    'a',
    'a.txt',
    '2026/11/0b7c6f0e-1111-4222-8333-944445555666.mp3',
    'a/b/c',
    'A_b-C.d.e',
    `${'x'.repeat(250)}/${'y'.repeat(250)}/${'z'.repeat(10)}`,
    'a..b',
    'a.',
  ])('accepts %j', (key) => {
    expect(() => assertSafeKey(key)).not.toThrow();
    expect(isSafeKey(key)).toBe(true);
  });

  it.each([
    ['../x', /"\." or "\.\."/],
    ['a/../../b', /"\." or "\.\."/],
    ['a/./b', /"\." or "\.\."/],
    ['..', /"\." or "\.\."/],
    ['/etc/passwd', /relative/],
    ['C:/x', /relative/],
    ['a\\b', /backslash/],
    ['..\\x', /backslash/],
    ['a\u0000b', /control/],
    ['a\nb', /control/],
    ['%2e%2e/x', /traversal/],
    ['..%2fx', /traversal/],
    ['%2E%2E%2Fx', /traversal/],
    ['%252e%252e/x', /percent/],
    ['a%20b', /percent/],
    ['%', /percent/],
    ['', /non-empty/],
    ['a//b', /empty path segments/],
    ['a/', /empty path segments/],
    ['.hidden', /must not start with "\."/],
    ['a/.tmp-x', /must not start with "\."/],
    ['a b', /characters other than/],
    ['é', /characters other than/],
    ['ab:c', /characters other than/],
    ['a:b', /relative/],
    ['x'.repeat(513), /too long/],
    [`${'x'.repeat(256)}`, /at most 255/],
  ])('refuses %j', (key, message) => {
    expect(badRequestMessage(() => assertSafeKey(key))).toMatch(message);
    expect(isSafeKey(key)).toBe(false);
  });

  it('refuses non-strings', () => {
    expect(isSafeKey(undefined)).toBe(false);
    expect(isSafeKey(42)).toBe(false);
    expect(isSafeKey(['a'])).toBe(false);
  });
});

describe('assertBucket', () => {
  it('accepts the spec buckets only', () => {
    for (const b of ['audios', 'trans', 'series-images', 'uploads'])
      expect(() => assertBucket(b)).not.toThrow();
    expect(badRequestMessage(() => assertBucket('secrets'))).toMatch(
      /Unknown storage bucket "secrets"/,
    );
    expect(() => assertBucket('../audios')).toThrow(AppError);
    expect(() => assertBucket(undefined)).toThrow(AppError);
  });
});

describe('generateObjectKey', () => {
  const now = new Date('2026-11-05T12:00:00Z');
  const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

  it('is YYYY/MM/<uuid>.<ext> with a safe extension', () => {
    expect(generateObjectKey('Chapter 1.MP3', now)).toMatch(new RegExp(`^2026/11/${uuid}\\.mp3$`));
    expect(generateObjectKey('cover.final.webp', now)).toMatch(
      new RegExp(`^2026/11/${uuid}\\.webp$`),
    );
    expect(generateObjectKey('../../etc/passwd', now)).toMatch(new RegExp(`^2026/11/${uuid}$`));
    expect(generateObjectKey('C:\\Users\\me\\voice.m4a', now)).toMatch(
      new RegExp(`^2026/11/${uuid}\\.m4a$`),
    );
  });

  it('uses UTC and pads the month', () => {
    expect(generateObjectKey('a.txt', new Date('2027-01-31T23:59:59Z'))).toMatch(/^2027\/01\//);
  });

  it('is unique and always a safe key', () => {
    const names = [
      '',
      '.',
      '..',
      '.bashrc',
      'a.',
      'x.tar.gz',
      'evil.ph p',
      'a.%2e',
      'é.ñ',
      'a.verylongextension',
      'a\u0000.mp3',
    ];
    const keys = names.map((n) => generateObjectKey(n, now));
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(isSafeKey(key)).toBe(true);
  });
});

describe('safeExtension', () => {
  it.each([
    ['song.mp3', 'mp3'],
    ['SONG.Mp3', 'mp3'],
    ['x.tar.gz', 'gz'],
    ['noext', ''],
    ['.bashrc', ''],
    ['trailing.', ''],
    ['a.b c', ''],
    ['a.ñ', ''],
    ['a.abcdefghijk', ''],
    ['dir.d/file', ''],
    ['dir\\file.wav', 'wav'],
  ])('%j → %j', (name, ext) => {
    expect(safeExtension(name)).toBe(ext);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and an RFC 8187 UTF-8 name', () => {
    expect(contentDisposition('Capítulo 1 "final".mp3')).toBe(
      `attachment; filename="Cap_tulo 1 _final_.mp3"; filename*=UTF-8''Cap%C3%ADtulo%201%20%22final%22.mp3`,
    );
  });
  it('strips control characters and path separators', () => {
    expect(contentDisposition('a/b\\c\r\nd.txt')).toBe(
      `attachment; filename="a_b_c__d.txt"; filename*=UTF-8''a_b_c__d.txt`,
    );
    expect(contentDisposition('')).toBe(
      `attachment; filename="download"; filename*=UTF-8''download`,
    );
  });
});
