// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncStoreKey } from '#shared/offline/offline-storage';
import { ApiError } from '#client/lib/api-client';
import { SyncEngine } from './sync-engine';
import { startSyncFlusher } from './sync-flusher';
import type { SendContext, SyncKind } from './sync-kind';
import { SyncStore } from './sync-store';

const userId = 'user-1';
let online = true;
let sent: Array<{ step: string; keepalive: boolean }> = [];

const changeKind: SyncKind<{ step: string }, null> = {
  name: 'flusher-change',
  combine: 'ordered',
  send: async ({ data }, { keepalive }: SendContext) => {
    if (!online) throw new ApiError(0, 'NETWORK_ERROR', 'offline');
    sent.push({ step: data.step, keepalive });
    return null;
  },
};

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};

let stop: (() => void) | undefined;
let engine: SyncEngine;
const delivered = vi.fn();

/** Entries a page closed offline left, then this page's engine and flusher. */
function startWith(steps: string[]) {
  localStorage.setItem(
    syncStoreKey(userId),
    JSON.stringify(
      steps.map((step, index) => ({
        id: `left-${index}`,
        kind: changeKind.name,
        madeAt: 1_700_000_000_000 + index,
        data: { step },
      })),
    ),
  );
  engine = new SyncEngine({
    userId,
    store: new SyncStore(syncStoreKey(userId), localStorage),
    isSignedIn: () => true,
  });
  // The kind is registered as the app registers its kinds.
  engine.add(changeKind, { step: 'registers the kind' });
  stop = startSyncFlusher(engine, { delivered });
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  online = true;
  sent = [];
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  delivered.mockReset();
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the app-wide flusher', () => {
  it('sends what an earlier page left at start, then reads the data again', async () => {
    startWith(['left offline']);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((entry) => entry.step)).toEqual(['left offline', 'registers the kind']);
    expect(delivered).toHaveBeenCalledTimes(1);
  });

  it('sends when the browser is back online and when the page is shown, not before', async () => {
    online = false;
    startWith(['made offline']);
    await vi.advanceTimersByTimeAsync(0);
    expect(delivered).not.toHaveBeenCalled();
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((entry) => entry.step)).toEqual(['made offline', 'registers the kind']);
    expect(delivered).toHaveBeenCalledTimes(1);

    online = false;
    engine.add(changeKind, { step: 'made offline again' });
    await vi.advanceTimersByTimeAsync(0);
    online = true;
    setVisibility('hidden');
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.at(-1)?.step).toBe('made offline again');
  });

  it('sends at once with keepalive when the page is hidden or left', async () => {
    online = false;
    startWith([]);
    await vi.advanceTimersByTimeAsync(0);
    online = true;
    setVisibility('hidden');
    expect(sent).toEqual([{ step: 'registers the kind', keepalive: true }]);
    online = false;
    engine.add(changeKind, { step: 'the last one' });
    await vi.advanceTimersByTimeAsync(0);
    online = true;
    window.dispatchEvent(new Event('pagehide'));
    expect(sent.at(-1)).toEqual({ step: 'the last one', keepalive: true });
  });

  it('listens no more once stopped (signed out)', async () => {
    online = false;
    startWith(['made offline']);
    await vi.advanceTimersByTimeAsync(0);
    stop!();
    stop = undefined;
    online = true;
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([]);
  });
});
