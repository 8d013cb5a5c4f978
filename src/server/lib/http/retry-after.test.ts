import { describe, expect, it } from 'vitest';
import { retryAfterHeader } from './error-handler.ts';

const refusal = (retryAfterSeconds?: number) => ({
  error: {
    code: 'RATE_LIMITED' as const,
    message: 'Too many attempts',
    ...(retryAfterSeconds === undefined ? {} : { details: { retryAfterSeconds } }),
  },
});

describe('Retry-After', () => {
  it('is the wait in whole seconds, rounded up, and at least 1, for 429 and 503', () => {
    expect(retryAfterHeader(429, refusal(899.2))).toBe('900');
    expect(retryAfterHeader(429, refusal(0))).toBe('1');
    expect(retryAfterHeader(503, refusal(5))).toBe('5');
  });

  it('is absent for other statuses and for answers that name no wait', () => {
    expect(retryAfterHeader(400, refusal(5))).toBeUndefined();
    expect(retryAfterHeader(500, refusal(5))).toBeUndefined();
    expect(retryAfterHeader(429, refusal())).toBeUndefined();
    expect(retryAfterHeader(429, refusal(Number.NaN))).toBeUndefined();
  });
});
