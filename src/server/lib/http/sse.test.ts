import { describe, expect, it } from 'vitest';
import { shutdownRetryHint } from './sse.ts';

describe('the retry hint of a stream closed at shutdown', () => {
  it('spreads reconnections over one to three seconds', () => {
    expect(shutdownRetryHint(() => 0)).toBe('retry: 1000\n\n');
    expect(shutdownRetryHint(() => 0.5)).toBe('retry: 2000\n\n');
    expect(shutdownRetryHint(() => 0.9999)).toBe('retry: 3000\n\n');
  });
});
