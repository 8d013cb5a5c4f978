import { describe, expect, it } from 'vitest';
import { toErrorResponse } from './error-handler.ts';
import { containsNul } from './nul-guard.ts';

describe('containsNul', () => {
  it('finds a NUL in strings, nested objects, arrays and keys', () => {
    expect(containsNul('a\0b')).toBe(true);
    expect(containsNul({ a: [{ b: 'x\0' }] })).toBe(true);
    expect(containsNul({ 'k\0': 1 })).toBe(true);
    expect(containsNul({ a: ['fine', 3, null, true] })).toBe(false);
    expect(containsNul(undefined)).toBe(false);
  });

  it('leaves raw bytes alone (webhook bodies, uploads)', () => {
    expect(containsNul(Buffer.from([0, 1, 2]))).toBe(false);
    expect(containsNul({ raw: new Uint8Array([0]) })).toBe(false);
  });
});

describe('database errors caused by the content', () => {
  it('answer 400 instead of 500, also when wrapped by the query builder', () => {
    const pg = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    const wrapped = new Error('Failed query', { cause: pg });
    expect(toErrorResponse(wrapped)).toEqual({
      status: 400,
      body: {
        error: { code: 'VALIDATION_ERROR', message: 'Text may not contain NUL characters' },
      },
    });
    expect(toErrorResponse(new Error('boom')).status).toBe(500);
  });
});
