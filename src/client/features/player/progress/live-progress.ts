import type { ProgressEvent } from '#shared/contracts/progress';

export const PROGRESS_EVENTS_URL = '/api/progress/events';
/** Spec, section 9: reconnect after 1 s, 2 s, 5 s, then every 10 s. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
/** The server sends a heartbeat every 30 s; after this long without a word the stream is dead. */
export const SILENCE_LIMIT_MS = 75_000;

/** The reconnect delay after `failures` consecutive failures (1 for the first). */
export const reconnectDelay = (failures: number): number =>
  RECONNECT_DELAYS_MS[Math.min(Math.max(failures, 1), RECONNECT_DELAYS_MS.length) - 1]!;

interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
  onerror: ((event: Event) => void) | null;
}

export interface LiveProgressOptions {
  onProgress: (event: ProgressEvent) => void;
  url?: string;
  createSource?: (url: string) => EventSourceLike;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** The device has no connection (default: `navigator.onLine` is false). */
  isOffline?: () => boolean;
  /** Calls `callback` once when the connection returns; returns a canceller. */
  whenOnline?: (callback: () => void) => () => void;
}

const browserIsOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function browserWhenOnline(callback: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('online', callback, { once: true });
  return () => window.removeEventListener('online', callback);
}

const isProgressEvent = (value: unknown): value is ProgressEvent => {
  if (typeof value !== 'object' || value === null) return false;
  const { progress, deviceId } = value as Record<string, unknown>;
  return (
    typeof progress === 'object' &&
    progress !== null &&
    typeof (progress as Record<string, unknown>).chapterId === 'string' &&
    typeof (progress as Record<string, unknown>).lastPositionSeconds === 'number' &&
    (deviceId === null || typeof deviceId === 'string')
  );
};

/**
 * The signed-in user's live progress stream. The browser's own EventSource retry is not used: on
 * any error the source is closed and reopened by us after the spec's back-off, which resets once
 * the server says `ready`. Offline it is not retried on a timer: once the connection returns
 * (issue 15).
 */
export class LiveProgressConnection {
  /** Delays of the reconnections planned so far (diagnostics and tests). */
  readonly plannedDelays: number[] = [];
  private source: EventSourceLike | null = null;
  private timer: unknown = null;
  private cancelWaitForOnline: (() => void) | null = null;
  private watchdog: unknown = null;
  private failures = 0;
  private closed = false;
  private readonly url: string;
  private readonly createSource: (url: string) => EventSourceLike;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly isOffline: () => boolean;
  private readonly whenOnline: (callback: () => void) => () => void;

  constructor(private readonly options: LiveProgressOptions) {
    this.url = options.url ?? PROGRESS_EVENTS_URL;
    this.createSource =
      options.createSource ?? ((url) => new EventSource(url, { withCredentials: true }));
    this.setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.clearTimer =
      options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
    this.isOffline = options.isOffline ?? browserIsOffline;
    this.whenOnline = options.whenOnline ?? browserWhenOnline;
  }

  open(): void {
    if (this.closed || this.source) return;
    const source = this.createSource(this.url);
    this.source = source;
    this.armWatchdog();
    source.addEventListener('ready', () => {
      this.failures = 0;
      this.armWatchdog();
    });
    source.addEventListener('heartbeat', () => this.armWatchdog());
    source.addEventListener('progress', (event) => {
      this.armWatchdog();
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (isProgressEvent(data)) this.options.onProgress(data);
    });
    source.onerror = () => {
      if (this.source === source) this.drop();
    };
  }

  /** Closes the current source and plans the next attempt. */
  private drop(): void {
    this.source?.close();
    this.source = null;
    this.disarmWatchdog();
    this.scheduleReconnect();
  }

  /** A stream silent for longer than two heartbeats is dead even if no error was reported. */
  private armWatchdog(): void {
    this.disarmWatchdog();
    this.watchdog = this.setTimer(() => {
      this.watchdog = null;
      if (this.source) this.drop();
    }, SILENCE_LIMIT_MS);
  }

  private disarmWatchdog(): void {
    if (this.watchdog !== null) this.clearTimer(this.watchdog);
    this.watchdog = null;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.timer !== null || this.cancelWaitForOnline !== null) return;
    if (this.isOffline()) {
      this.cancelWaitForOnline = this.whenOnline(() => {
        this.cancelWaitForOnline = null;
        this.failures = 0;
        this.open();
      });
      return;
    }
    this.failures += 1;
    const delay = reconnectDelay(this.failures);
    this.plannedDelays.push(delay);
    this.timer = this.setTimer(() => {
      this.timer = null;
      this.open();
    }, delay);
  }

  close(): void {
    this.closed = true;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.cancelWaitForOnline?.();
    this.cancelWaitForOnline = null;
    this.disarmWatchdog();
    this.source?.close();
    this.source = null;
  }
}
