import { describe, expect, it } from 'vitest';
import { withoutPort } from './request-meta.ts';

describe('withoutPort', () => {
  it('drops the port a proxy wrote after the address', () => {
    expect(withoutPort('203.0.113.7:52100')).toBe('203.0.113.7');
    expect(withoutPort('[2001:db8::7]:443')).toBe('2001:db8::7');
  });

  it('leaves plain addresses as they are', () => {
    expect(withoutPort('203.0.113.7')).toBe('203.0.113.7');
    expect(withoutPort('2001:db8::7')).toBe('2001:db8::7');
    expect(withoutPort('::ffff:127.0.0.1')).toBe('::ffff:127.0.0.1');
  });
});
