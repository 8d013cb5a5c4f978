import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#client/lib/api-client';
import { isRetryable, RETRY_DELAYS_MS, RetryTimer } from './retry';

describe('isRetryable', () => {
  it('retries what may pass (no answer, server failures, the session, rate limits), not other refusals', () => {
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
    for (const status of [0, 401, 408, 429, 500, 503]) {
      expect(isRetryable(new ApiError(status, 'X', 'x'))).toBe(true);
    }
    for (const status of [400, 403, 404, 409, 422]) {
      expect(isRetryable(new ApiError(status, 'X', 'x'))).toBe(false);
    }
  });
});

describe('RetryTimer', () => {
  it('waits longer after each failure in a row, the last delay repeating, until reset', () => {
    vi.useFakeTimers();
    try {
      const retry = vi.fn();
      const timer = new RetryTimer();
      const waits: (number | null)[] = [];
      for (let failure = 0; failure < RETRY_DELAYS_MS.length + 1; failure++) {
        timer.schedule(retry);
        timer.schedule(retry); // one planned retry at a time
        waits.push(timer.plannedDelay);
        vi.advanceTimersByTime(timer.plannedDelay!);
      }
      expect(waits).toEqual([...RETRY_DELAYS_MS, 30_000]);
      expect(retry).toHaveBeenCalledTimes(RETRY_DELAYS_MS.length + 1);
      expect(timer.plannedDelay).toBeNull();

      timer.schedule(retry);
      timer.reset();
      expect(timer.plannedDelay).toBeNull();
      vi.advanceTimersByTime(60_000);
      expect(retry).toHaveBeenCalledTimes(RETRY_DELAYS_MS.length + 1);
      timer.schedule(retry);
      expect(timer.plannedDelay).toBe(RETRY_DELAYS_MS[0]);
    } finally {
      vi.useRealTimers();
    }
  });
});
