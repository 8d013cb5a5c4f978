import { describe, expect, it } from 'vitest';

import { parseRangeHeader } from './send-object.ts';

describe('parseRangeHeader', () => {
  const size = 1000;

  it('no header: null', () => {
    expect(parseRangeHeader(undefined, size)).toBeNull();
    expect(parseRangeHeader('', size)).toBeNull();
  });

  it('bytes=a-b', () => {
    expect(parseRangeHeader('bytes=0-99', size)).toEqual({ start: 0, end: 99 });
    expect(parseRangeHeader('bytes=0-0', size)).toEqual({ start: 0, end: 0 });
    expect(parseRangeHeader('bytes=999-999', size)).toEqual({ start: 999, end: 999 });
    expect(parseRangeHeader('bytes=100-199', size)).toEqual({ start: 100, end: 199 });
  });

  it('end past the last byte is clamped', () => {
    expect(parseRangeHeader('bytes=900-5000', size)).toEqual({ start: 900, end: 999 });
    expect(parseRangeHeader('bytes=0-99999999999999999999999', size)).toEqual({
      start: 0,
      end: 999,
    });
  });

  it('bytes=a- (open end)', () => {
    expect(parseRangeHeader('bytes=100-', size)).toEqual({ start: 100, end: 999 });
    expect(parseRangeHeader('bytes=0-', size)).toEqual({ start: 0, end: 999 });
    expect(parseRangeHeader('bytes=999-', size)).toEqual({ start: 999, end: 999 });
  });

  it('bytes=-n (suffix)', () => {
    expect(parseRangeHeader('bytes=-50', size)).toEqual({ start: 950, end: 999 });
    expect(parseRangeHeader('bytes=-1', size)).toEqual({ start: 999, end: 999 });
    expect(parseRangeHeader('bytes=-1000', size)).toEqual({ start: 0, end: 999 });
    expect(parseRangeHeader('bytes=-5000', size)).toEqual({ start: 0, end: 999 });
    expect(parseRangeHeader('bytes=-99999999999999999999', size)).toEqual({ start: 0, end: 999 });
  });

  it('unsatisfiable ranges', () => {
    expect(parseRangeHeader('bytes=1000-', size)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=1000-1001', size)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=999999-', size)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=99999999999999999999-', size)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=-0', size)).toBe('unsatisfiable');
  });

  it('an empty representation satisfies no range', () => {
    expect(parseRangeHeader('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=0-0', 0)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=-10', 0)).toBe('unsatisfiable');
  });

  it('tolerates case and whitespace', () => {
    expect(parseRangeHeader('Bytes=0-9', size)).toEqual({ start: 0, end: 9 });
    expect(parseRangeHeader('BYTES = 0 - 9 ', size)).toEqual({ start: 0, end: 9 });
    expect(parseRangeHeader('  bytes=5-', size)).toEqual({ start: 5, end: 999 });
  });

  it('empty list elements are allowed around one range', () => {
    expect(parseRangeHeader('bytes=0-9,', size)).toEqual({ start: 0, end: 9 });
    expect(parseRangeHeader('bytes=, 0-9', size)).toEqual({ start: 0, end: 9 });
  });

  it.each([
    'bytes=',
    'bytes=-',
    'bytes=abc',
    'bytes=a-b',
    'bytes=1-a',
    'bytes=0x10-20',
    'bytes=1.5-2',
    'bytes=+1-2',
    'bytes=--1',
    'bytes=-1-2',
    'bytes=10-5', // last-pos before first-pos: invalid, ignored
    'bytes 0-9',
    'bytes:0-9',
    '0-9',
    '=0-9',
    'items=0-9',
    'bytes=0-9;x',
    'bytes=0-9 10',
  ])('malformed %j: null (serve the whole file)', (header) => {
    expect(parseRangeHeader(header, size)).toBeNull();
  });

  it.each([
    'bytes=0-9,20-29',
    'bytes=0-9, 20-',
    'bytes=-5,0-1',
    'bytes=0-9,0-9',
    'bytes=0-1,999999-',
  ])('multi-range %j: null (serve the whole file)', (header) => {
    expect(parseRangeHeader(header, size)).toBeNull();
  });
});
