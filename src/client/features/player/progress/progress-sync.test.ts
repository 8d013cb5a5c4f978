import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncEntry } from '#client/lib/sync/sync-kind';
import { listeningSync } from './listening-sync';
import { progressSync, type ProgressSave } from './progress-sync';

const chapterId = '22222222-2222-4222-8222-222222222222';
const sessionId = '77777777-7777-4777-8777-777777777777';

const save = (positionSeconds: number): ProgressSave => ({
  chapterId,
  positionSeconds,
  durationSeconds: 120,
  deviceId: 'tab-1',
});

/** fetch answering `body`, recording each request. */
function recordRequests(body: unknown) {
  const calls: Array<{ url: string; init: RequestInit; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init, body: JSON.parse(init.body as string) });
      return Response.json(body);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('progress saves', () => {
  it('keep the newest per chapter, and a save that completes the chapter apart', () => {
    expect(progressSync.keyOf(save(10))).toBe(progressSync.keyOf(save(20)));
    // The end (within 2 s of it) completes the chapter: a rewind to 0 after it replaces nothing.
    expect(progressSync.keyOf(save(119))).not.toBe(progressSync.keyOf(save(0)));
    expect(progressSync.keyOf(save(120))).toBe(progressSync.keyOf(save(118.5)));
    expect(progressSync.keyOf({ ...save(10), chapterId: 'other' })).not.toBe(
      progressSync.keyOf(save(10)),
    );
  });

  it('are sent with when they were made and when sent, with keepalive when asked', async () => {
    const calls = recordRequests({ applied: true, progress: {}, newAchievements: [] });
    const entry: SyncEntry<ProgressSave> = {
      id: 'e1',
      kind: 'progress',
      madeAt: 1_700_000_000_000,
      data: save(42.5),
    };
    await progressSync.send(entry, { sentAt: 1_700_000_005_000, keepalive: true });
    expect(calls).toEqual([
      {
        url: '/api/progress',
        init: expect.objectContaining({ method: 'POST', keepalive: true }),
        body: {
          chapterId,
          positionSeconds: 42.5,
          durationSeconds: 120,
          clientTimestamp: 1_700_000_000_000,
          sentAt: 1_700_000_005_000,
          deviceId: 'tab-1',
        },
      },
    ]);
  });
});

describe('listening time', () => {
  it('keeps one entry per listening session (its running total) and sends it as it is', async () => {
    const report = { sessionId, chapterId, listenedSeconds: 95.5 };
    expect(listeningSync.keyOf(report)).toBe(
      listeningSync.keyOf({ ...report, listenedSeconds: 1 }),
    );
    expect(listeningSync.keyOf(report)).not.toBe(
      listeningSync.keyOf({ ...report, sessionId: '88888888-8888-4888-8888-888888888888' }),
    );
    const calls = recordRequests({ listenedSeconds: 95.5 });
    await listeningSync.send(
      { id: 'e1', kind: 'listening', madeAt: 1, data: report },
      { sentAt: 2, keepalive: true },
    );
    expect(calls).toEqual([
      {
        url: '/api/progress/listening',
        init: expect.objectContaining({ method: 'POST', keepalive: true }),
        body: report,
      },
    ]);
  });
});
