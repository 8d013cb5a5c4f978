// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETRY_DELAYS_MS } from '#client/lib/retry';
import { retryAppSyncLater, startAppSync, storageHolds } from './app-sync';

const userId = 'user-1';

/** A queue whose storage is a flag, whose flush succeeds or fails as told. */
function fakeQueue(name: string) {
  const state = { pending: new Set<string>(), failing: false, loads: 0, flushed: [] as string[] };
  return {
    state,
    queue: {
      name,
      hasPending: (user: string) => state.pending.has(user),
      load: () => {
        state.loads += 1;
        return Promise.resolve(async (user: string) => {
          state.flushed.push(user);
          if (state.failing) return false;
          state.pending.delete(user);
          return true;
        });
      },
    },
  };
}

let stop: (() => void) | undefined;
beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
});

const flushPromises = () => vi.advanceTimersByTimeAsync(0);

describe('app-wide flusher', () => {
  it('sends what an earlier visit left at start, loading only the queues that hold something', async () => {
    const outbox = fakeQueue('outbox');
    const answers = fakeQueue('answers');
    outbox.state.pending.add(userId);
    const sync = startAppSync({ userId, queues: [outbox.queue, answers.queue] });
    stop = sync.stop;
    await sync.ready;
    expect(outbox.state.flushed).toEqual([userId]);
    expect(answers.state.loads).toBe(0);
  });

  it("never sends another account's entries", async () => {
    const progress = fakeQueue('progress');
    progress.state.pending.add('user-2');
    const sync = startAppSync({ userId, queues: [progress.queue] });
    stop = sync.stop;
    await sync.ready;
    expect(progress.state.flushed).toEqual([]);
  });

  it('flushes when the browser is back online and when the page is shown or hidden', async () => {
    const answers = fakeQueue('answers');
    const sync = startAppSync({ userId, queues: [answers.queue] });
    stop = sync.stop;
    await sync.ready;
    answers.state.pending.add(userId);
    window.dispatchEvent(new Event('online'));
    await flushPromises();
    expect(answers.state.flushed).toHaveLength(1);
    answers.state.pending.add(userId);
    document.dispatchEvent(new Event('visibilitychange'));
    await flushPromises();
    expect(answers.state.flushed).toHaveLength(2);
    // Stopped (signed out): nothing more.
    sync.stop();
    answers.state.pending.add(userId);
    window.dispatchEvent(new Event('online'));
    await flushPromises();
    expect(answers.state.flushed).toHaveLength(2);
  });

  it('backs off after failures (1, 2, 5, 10, then every 30 s) and starts over once all is sent', async () => {
    const outbox = fakeQueue('outbox');
    outbox.state.pending.add(userId);
    outbox.state.failing = true;
    const sync = startAppSync({ userId, queues: [outbox.queue] });
    stop = sync.stop;
    await sync.ready;
    const attempts = () => outbox.state.flushed.length;
    expect(attempts()).toBe(1);
    for (const [index, delay] of [...RETRY_DELAYS_MS, 30_000].entries()) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(attempts()).toBe(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(attempts()).toBe(index + 2);
    }
    outbox.state.failing = false;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(outbox.state.pending.size).toBe(0);
    const settled = attempts();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(attempts()).toBe(settled);
    // A later failure waits 1 s again, not 30.
    outbox.state.pending.add(userId);
    outbox.state.failing = true;
    retryAppSyncLater();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(attempts()).toBe(settled + 1);
  });

  it('treats a queue whose code cannot load (offline, not cached) as waiting', async () => {
    const broken = {
      name: 'broken',
      hasPending: () => true,
      load: vi.fn(() => Promise.reject(new Error('Failed to fetch dynamically imported module'))),
    };
    const sync = startAppSync({ userId, queues: [broken] });
    stop = sync.stop;
    await sync.ready;
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]);
    expect(broken.load).toHaveBeenCalledTimes(2);
  });
});

describe('storageHolds', () => {
  it('is true for a non-empty value (containing the text asked for)', () => {
    expect(storageHolds('k')).toBe(false);
    localStorage.setItem('k', '[]');
    expect(storageHolds('k')).toBe(false);
    localStorage.setItem('k', '[{"userId":"user-1"}]');
    expect(storageHolds('k')).toBe(true);
    expect(storageHolds('k', '"userId":"user-1"')).toBe(true);
    expect(storageHolds('k', '"userId":"user-2"')).toBe(false);
  });
});
