import { isApiError } from '#client/lib/api-client';

/*
 * The retry rule of the learner-sync engine (decision 057; every learner write waiting to be
 * sent): which failures may pass, and the back-off before the next attempt.
 */

/** Waits between retries after a failure; the last one repeats. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

/** A failure a later attempt can cure: no answer, the server failed, the session, rate limits. */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.status === 0 || error.status >= 500) return true;
  return error.status === 401 || error.status === 408 || error.status === 429;
}

const retryDelay = (failures: number): number =>
  RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)]!;

export interface RetryTimerOptions {
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** One planned retry at a time, each failure in a row waiting longer (RETRY_DELAYS_MS). */
export class RetryTimer {
  private failures = 0;
  private handle: unknown = null;
  private readonly setTimer: NonNullable<RetryTimerOptions['setTimer']>;
  private readonly clearTimer: NonNullable<RetryTimerOptions['clearTimer']>;

  constructor(options: RetryTimerOptions = {}) {
    this.setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.clearTimer =
      options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  /** Plans `retry` after the next back-off delay, unless a retry is planned already. */
  schedule(retry: () => void): void {
    if (this.handle !== null) return;
    const delay = retryDelay(this.failures);
    this.failures += 1;
    this.handle = this.setTimer(() => {
      this.handle = null;
      retry();
    }, delay);
  }

  /** Drops the planned retry (the back-off goes on from where it was). */
  cancel(): void {
    if (this.handle !== null) this.clearTimer(this.handle);
    this.handle = null;
  }

  /** Everything went through: no retry planned, the next failure waits the shortest again. */
  reset(): void {
    this.failures = 0;
    this.cancel();
  }

  /** The planned retry waits this long (for tests and diagnostics); null when none is planned. */
  get plannedDelay(): number | null {
    return this.handle === null ? null : retryDelay(this.failures - 1);
  }
}
