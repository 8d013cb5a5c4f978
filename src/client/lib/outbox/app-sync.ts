import { RetryTimer, type RetryTimerOptions } from '#client/lib/retry';

/*
 * The app-wide flusher (decision 041). Whatever page is open, the signed-in learner's waiting
 * queues (the outbox of bookmarks and saved items, progress saves, review answers) are sent at
 * start, when the browser is back online and when the page is shown or hidden, so what was done
 * in a tab closed offline arrives on the next visit to any page. A failure that may pass is
 * retried after 1, 2, 5, 10, then every 30 s. A queue's code is loaded only when its storage
 * holds something: this module is all the first load carries.
 */

/** One persistent queue, as the flusher sees it. */
export interface SyncQueue {
  name: string;
  /** Whether this account has something waiting (a cheap look at storage, nothing loaded). */
  hasPending: (userId: string) => boolean;
  /** Loads the queue's code; the flush resolves true when nothing of this account is left. */
  load: () => Promise<(userId: string) => Promise<boolean>>;
}

export interface AppSyncOptions extends RetryTimerOptions {
  userId: string;
  queues: readonly SyncQueue[];
}

/** Whether localStorage holds a non-empty value under `key` (false when storage is blocked). */
export function storageHolds(key: string, contains?: string): boolean {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null || raw === '' || raw === '[]') return false;
    return contains === undefined || raw.includes(contains);
  } catch {
    return false;
  }
}

class AppSync {
  private readonly retry: RetryTimer;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly options: AppSyncOptions) {
    this.retry = new RetryTimer(options);
  }

  /** Sends every queue that holds something; one run at a time (a request meanwhile runs again). */
  flushAll(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<void> {
    let allSent: boolean;
    do {
      this.again = false;
      allSent = true;
      for (const queue of this.options.queues) {
        if (this.stopped) return;
        if (!queue.hasPending(this.options.userId)) continue;
        try {
          const flush = await queue.load();
          if (!(await flush(this.options.userId))) allSent = false;
        } catch {
          // The code could not load (offline before it was cached) or the flush threw: later.
          allSent = false;
        }
      }
    } while (this.again && allSent);
    if (allSent) {
      this.retry.reset();
    } else {
      this.retryLater();
    }
  }

  /** Plans the next attempt with back-off, unless one is planned. */
  retryLater(): void {
    if (this.stopped) return;
    this.retry.schedule(() => void this.flushAll());
  }

  /** Back online or shown again: try now instead of waiting. */
  now(): Promise<void> {
    this.retry.cancel();
    return this.flushAll();
  }

  stop(): void {
    this.stopped = true;
    this.retry.cancel();
  }
}

let current: AppSync | null = null;

/**
 * Starts flushing the account's queues (now, on `online`, on visibility changes); returns the
 * stop function (sign-out, another account). Resolves `ready` after the first run.
 */
export function startAppSync(options: AppSyncOptions): { stop: () => void; ready: Promise<void> } {
  current?.stop();
  const sync = new AppSync(options);
  current = sync;
  const onOnline = () => void sync.now();
  const onVisibility = () => void sync.now();
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisibility);
  const ready = sync.flushAll();
  return {
    ready,
    stop: () => {
      sync.stop();
      if (current === sync) current = null;
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}

/** A queue paused on a failure while the page was open: plan a retry (no-op when not started). */
export function retryAppSyncLater(): void {
  current?.retryLater();
}
