import type { z } from 'zod';
import type { SaveProgressBody, saveProgressResponseSchema } from '#shared/contracts/progress';
import { progressAt } from '#shared/player/progress-rules';
import { PROGRESS_QUEUE_KEY } from '#shared/offline/offline-storage';
import { apiFetch, isApiError } from '#client/lib/api-client';
import { logClientError } from '#client/lib/error-log';
import { isRetryable, RetryTimer } from '#client/lib/retry';

export type SaveProgressResponse = z.infer<typeof saveProgressResponseSchema>;

/** Saves wait here until the server acknowledges them, across reloads and closed tabs. */
export { PROGRESS_QUEUE_KEY };
const MAX_ENTRIES = 200;

/** One save as recorded by the player (`sentAt` is added when it is sent). */
export interface QueuedSave {
  chapterId: string;
  positionSeconds: number;
  durationSeconds: number;
  /** When the position was recorded (client clock, ms since epoch). */
  clientTimestamp: number;
  deviceId: string;
  /** The account that recorded it: another account signed in later never sends it. */
  userId: string;
}

export type SendSave = (
  body: SaveProgressBody,
  options: { keepalive: boolean },
) => Promise<SaveProgressResponse>;

export const sendSave: SendSave = (body, { keepalive }) =>
  apiFetch<SaveProgressResponse>('/api/progress', { method: 'POST', json: body, keepalive });

interface QueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface ProgressQueueOptions {
  userId: string;
  send?: SendSave;
  storage?: QueueStorage | null;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  onAcknowledged?: (response: SaveProgressResponse, save: QueuedSave) => void;
}

const isQueuedSave = (value: unknown): value is QueuedSave => {
  if (typeof value !== 'object' || value === null) return false;
  const save = value as Record<string, unknown>;
  return (
    typeof save.chapterId === 'string' &&
    typeof save.positionSeconds === 'number' &&
    typeof save.durationSeconds === 'number' &&
    typeof save.clientTimestamp === 'number' &&
    typeof save.deviceId === 'string' &&
    typeof save.userId === 'string'
  );
};

const completes = (save: QueuedSave) =>
  progressAt(save.positionSeconds, save.durationSeconds).completed;

const sameSave = (a: QueuedSave, b: QueuedSave) =>
  a.chapterId === b.chapterId && a.clientTimestamp === b.clientTimestamp && a.userId === b.userId;

function defaultStorage(): QueueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * The browser side of "progress is never lost". Each save is written to localStorage first, then
 * sent (`keepalive`, so it survives the page closing); it leaves the queue only after a 2xx. A
 * failure that may pass (network, 5xx, 401, 408, 429) keeps it and retries with back-off, on the
 * `online` event and on the next save; any other 4xx can never succeed, so it is dropped and
 * logged. Only the newest save of a chapter is kept: the server keeps the newest anyway.
 */
export class ProgressQueue {
  private readonly userId: string;
  private readonly send: SendSave;
  private readonly storage: QueueStorage | null;
  private readonly now: () => number;
  private readonly onAcknowledged?: ProgressQueueOptions['onAcknowledged'];
  private memory: QueuedSave[] = [];
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  private readonly retry: RetryTimer;
  private stopped = false;

  constructor(options: ProgressQueueOptions) {
    this.userId = options.userId;
    this.send = options.send ?? sendSave;
    this.storage = options.storage === undefined ? defaultStorage() : options.storage;
    this.now = options.now ?? Date.now;
    this.retry = new RetryTimer(options);
    this.onAcknowledged = options.onAcknowledged;
  }

  /** Every queued save of every account (storage order: oldest first). */
  readAll(): QueuedSave[] {
    if (!this.storage) return [...this.memory];
    try {
      const raw = this.storage.getItem(PROGRESS_QUEUE_KEY);
      if (raw === null) return [];
      const parsed: unknown = JSON.parse(raw);
      return Array.isArray(parsed) ? parsed.filter(isQueuedSave) : [];
    } catch {
      return [];
    }
  }

  private writeAll(saves: QueuedSave[]): void {
    const kept = saves.slice(-MAX_ENTRIES);
    this.memory = kept;
    if (!this.storage) return;
    try {
      this.storage.setItem(PROGRESS_QUEUE_KEY, JSON.stringify(kept));
    } catch {
      // Quota or privacy mode: the in-memory copy still gets sent while the page lives.
    }
  }

  /** This account's saves waiting for the server. */
  pending(): QueuedSave[] {
    return this.readAll().filter((save) => save.userId === this.userId);
  }

  /** Drops this account's saves unsent (the account was deleted: the server would refuse them). */
  discardPending(): void {
    this.writeAll(this.readAll().filter((save) => save.userId !== this.userId));
  }

  private remove(save: QueuedSave): void {
    this.writeAll(this.readAll().filter((entry) => !sameSave(entry, save)));
  }

  /** Records a save (replacing an older one of the same chapter) and tries to send it. */
  enqueue(save: Omit<QueuedSave, 'userId' | 'clientTimestamp'> & { clientTimestamp?: number }) {
    const entry: QueuedSave = {
      ...save,
      clientTimestamp: save.clientTimestamp ?? this.now(),
      userId: this.userId,
    };
    // A newer save of the chapter makes an older one pointless, except one that completes the
    // chapter: completion must reach the server even if the player moved on (reset to 0).
    const others = this.readAll().filter(
      (existing) =>
        !(
          existing.userId === this.userId &&
          existing.chapterId === entry.chapterId &&
          !completes(existing)
        ),
    );
    this.writeAll([...others, entry]);
    return this.flush();
  }

  private bodyOf(save: QueuedSave): SaveProgressBody {
    return {
      chapterId: save.chapterId,
      positionSeconds: save.positionSeconds,
      durationSeconds: save.durationSeconds,
      clientTimestamp: save.clientTimestamp,
      sentAt: this.now(),
      deviceId: save.deviceId,
    };
  }

  /** One attempt for one save: true when it left the queue (acknowledged or refused for good). */
  private async attempt(save: QueuedSave): Promise<boolean> {
    try {
      const response = await this.send(this.bodyOf(save), { keepalive: true });
      this.remove(save);
      this.onAcknowledged?.(response, save);
      return true;
    } catch (error) {
      if (isRetryable(error)) return false;
      this.remove(save);
      logClientError({
        code: 'VALIDATION_ERROR',
        message: 'A progress save was refused and dropped',
        context: {
          chapterId: save.chapterId,
          positionSeconds: save.positionSeconds,
          status: isApiError(error) ? error.status : undefined,
          apiCode: isApiError(error) ? error.code : undefined,
        },
      });
      return true;
    }
  }

  /** Sends the queued saves one after another; resolves when the queue is empty or paused. */
  flush(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = this.run().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async run(): Promise<void> {
    do {
      this.flushAgain = false;
      for (const save of this.pending()) {
        if (this.stopped) return;
        // Re-read: another tab (or the exit flush) may have sent it meanwhile.
        if (!this.pending().some((entry) => sameSave(entry, save))) continue;
        if (!(await this.attempt(save))) {
          this.scheduleRetry();
          return;
        }
      }
    } while (this.flushAgain);
    this.retry.reset();
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    this.retry.schedule(() => void this.flush());
  }

  /** The next retry waits this long (for tests and diagnostics); null when none is planned. */
  get nextRetryDelay(): number | null {
    return this.retry.plannedDelay;
  }

  /**
   * The page is being hidden or unloaded: every waiting save is sent at once (keepalive requests
   * outlive the page; there may be no time for one after another).
   */
  flushOnExit(): void {
    for (const save of this.pending()) void this.attempt(save);
  }

  /** Back online: try now instead of waiting for the planned retry. */
  retryNow(): Promise<void> {
    this.retry.cancel();
    return this.flush();
  }

  stop(): void {
    this.stopped = true;
    this.retry.cancel();
  }
}
