import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProgressEvent } from '#shared/contracts/progress';
import { LiveProgressConnection, reconnectDelay, SILENCE_LIMIT_MS } from './live-progress';

class FakeSource {
  static all: FakeSource[] = [];
  listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) {
      listener({ data: JSON.stringify(data) } as MessageEvent<string>);
    }
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
}

const latest = () => FakeSource.all.at(-1)!;

const event: ProgressEvent = {
  deviceId: 'other-tab',
  progress: {
    chapterId: '22222222-2222-4222-8222-222222222222',
    progressPercentage: 50,
    completed: false,
    lastPositionSeconds: 61,
    lastAccessedAt: '2025-01-01T00:00:00.000Z',
    savedAt: '2025-01-01T00:00:00.000Z',
  },
};

beforeEach(() => {
  FakeSource.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

const connect = (onProgress = vi.fn()) => {
  const connection = new LiveProgressConnection({
    onProgress,
    createSource: (url) => new FakeSource(url),
  });
  connection.open();
  return { connection, onProgress };
};

describe('live progress connection', () => {
  it('reconnects after 1 s, 2 s, 5 s, then every 10 s (spec)', async () => {
    const { connection } = connect();
    expect(FakeSource.all).toHaveLength(1);
    expect(latest().url).toBe('/api/progress/events');

    const waits: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const before = FakeSource.all.length;
      const failed = latest();
      failed.fail();
      expect(failed.closed).toBe(true); // closed by us, not left to the browser's own retry
      let waited = 0;
      while (FakeSource.all.length === before) {
        await vi.advanceTimersByTimeAsync(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 5000, 10000, 10000, 10000]);
    expect(connection.plannedDelays).toEqual([1000, 2000, 5000, 10000, 10000, 10000]);
    connection.close();
  });

  it('starts the back-off again once the server says ready', async () => {
    const { connection } = connect();
    latest().fail();
    await vi.advanceTimersByTimeAsync(1000);
    latest().fail();
    await vi.advanceTimersByTimeAsync(2000);
    latest().emit('ready', {});
    latest().fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect(connection.plannedDelays).toEqual([1000, 2000, 1000]);
    expect(FakeSource.all).toHaveLength(4);
    connection.close();
  });

  it('hands progress events on and ignores malformed ones', () => {
    const { connection, onProgress } = connect();
    latest().emit('progress', event);
    latest().emit('progress', { nope: true });
    for (const listener of latest().listeners.get('progress') ?? []) {
      listener({ data: 'not json' } as MessageEvent<string>);
    }
    expect(onProgress).toHaveBeenCalledTimes(1);
    expect(onProgress).toHaveBeenCalledWith(event);
    connection.close();
  });

  it('treats a stream silent for longer than two heartbeats as dead', async () => {
    const { connection } = connect();
    latest().emit('ready', {});
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS - 1000);
    latest().emit('heartbeat', {});
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS - 1000);
    expect(FakeSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSource.all[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSource.all).toHaveLength(2);
    connection.close();
  });

  it('stops for good when closed', async () => {
    const { connection } = connect();
    latest().fail();
    connection.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSource.all).toHaveLength(1);
  });

  it('offline, waits for the connection to return instead of retrying on a timer', async () => {
    let offline = true;
    const onlineCallbacks: Array<() => void> = [];
    const connection = new LiveProgressConnection({
      onProgress: vi.fn(),
      createSource: (url) => new FakeSource(url),
      isOffline: () => offline,
      whenOnline: (callback) => {
        onlineCallbacks.push(callback);
        return () => onlineCallbacks.splice(onlineCallbacks.indexOf(callback), 1);
      },
    });
    connection.open();
    latest().fail();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(FakeSource.all).toHaveLength(1);
    expect(connection.plannedDelays).toEqual([]);

    offline = false;
    onlineCallbacks.shift()!();
    expect(FakeSource.all).toHaveLength(2);
    // Back online, a failure starts the spec's back-off from its first step.
    latest().fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSource.all).toHaveLength(3);
    expect(connection.plannedDelays).toEqual([1000]);

    // Closed while waiting for the connection: nothing reopens it.
    offline = true;
    latest().fail();
    expect(onlineCallbacks).toHaveLength(1);
    connection.close();
    expect(onlineCallbacks).toHaveLength(0);
  });

  it('computes the delays from the failure count', () => {
    expect([1, 2, 3, 4, 5, 50].map(reconnectDelay)).toEqual([
      1000, 2000, 5000, 10000, 10000, 10000,
    ]);
  });
});
