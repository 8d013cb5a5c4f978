// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportListeningBody } from '#shared/contracts/progress';
import { syncStoreKey } from '#shared/offline/offline-storage';
import { setSyncAccount } from '#client/lib/sync/sync-account';
import { ListeningCounter, newListeningSessionId } from './listening-counter';
import { LISTENING_REPORT_INTERVAL_MS, useListeningReport } from './use-listening-report';

/** Plays `seconds` of media time in `timeupdate` steps of 0.25 s from `from`. */
function play(counter: ListeningCounter, from: number, seconds: number, rate = 1) {
  for (let t = from; t <= from + seconds + 1e-9; t += 0.25) counter.played(t, rate);
}

describe('ListeningCounter', () => {
  it('counts media time played, and every replay of it', () => {
    const counter = new ListeningCounter();
    play(counter, 0, 60);
    expect(counter.total).toBeCloseTo(60);
    counter.interrupted(); // the end, then a rewind to 0
    play(counter, 0, 30);
    expect(counter.total).toBeCloseTo(90);
  });

  it('does not count a seek, forwards or backwards, nor a jump it was not told about', () => {
    const counter = new ListeningCounter();
    play(counter, 0, 10);
    counter.interrupted(); // seeking
    play(counter, 200, 10);
    expect(counter.total).toBeCloseTo(20);
    counter.played(500, 1); // a jump without a seeking event
    counter.played(100, 1); // back again
    expect(counter.total).toBeCloseTo(20);
  });

  it('counts wall-clock time at any playback rate', () => {
    const counter = new ListeningCounter();
    play(counter, 0, 60, 2); // 60 s of the chapter at double speed: 30 s of listening
    expect(counter.total).toBeCloseTo(30);
    const slow = new ListeningCounter();
    play(slow, 0, 30, 0.5);
    expect(slow.total).toBeCloseTo(60);
  });

  it('counts nothing while the media clock stands still (stalled, paused)', () => {
    const counter = new ListeningCounter();
    for (let i = 0; i < 20; i += 1) counter.played(5, 1);
    expect(counter.total).toBe(0);
  });

  it('makes session ids the server accepts, with or without crypto.randomUUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newListeningSessionId()).toMatch(uuid);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const a = newListeningSessionId();
      expect(a).toMatch(uuid);
      expect(newListeningSessionId()).not.toBe(a);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});

describe('useListeningReport', () => {
  /** The server's listening route: records each report, or fails as fetch does offline. */
  let reports: ReportListeningBody[];
  let offline: boolean;
  beforeEach(() => {
    localStorage.clear();
    reports = [];
    offline = false;
    setSyncAccount('u1');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (offline) throw new TypeError('Failed to fetch');
        if (url === '/api/progress/listening') {
          reports.push(JSON.parse(init.body as string) as ReportListeningBody);
        }
        return Response.json({ listenedSeconds: 0 });
      }),
    );
  });
  afterEach(() => {
    setSyncAccount(null);
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function playingAudio() {
    const audio = document.createElement('audio');
    audio.setAttribute('src', '/a.mp3');
    let time = 0;
    let paused = true;
    Object.defineProperty(audio, 'currentTime', {
      get: () => time,
      set: (v: number) => (time = v),
    });
    Object.defineProperty(audio, 'paused', { get: () => paused });
    const tick = (seconds: number) => {
      for (let i = 0; i < seconds * 4; i += 1) {
        time += 0.25;
        audio.dispatchEvent(new Event('timeupdate'));
      }
    };
    return {
      audio,
      start: () => {
        paused = false;
        audio.dispatchEvent(new Event('playing'));
      },
      pause: () => {
        paused = true;
        audio.dispatchEvent(new Event('pause'));
      },
      seek: (to: number) => {
        audio.dispatchEvent(new Event('seeking'));
        time = to;
      },
      tick,
    };
  }

  /** The hook on the player's audio (chapter c1, /a.mp3) for learner u1, or for a visitor. */
  function renderReport(player: ReturnType<typeof playingAudio>, userId: string | null = 'u1') {
    return renderHook(() =>
      useListeningReport({ audio: player.audio, src: '/a.mp3', chapterId: 'c1', userId }),
    );
  }

  /** The listening totals waiting in u1's store, in seconds. */
  const waiting = () =>
    (
      JSON.parse(localStorage.getItem(syncStoreKey('u1')) ?? '[]') as Array<{
        data: ReportListeningBody;
      }>
    ).map((entry) => Math.round(entry.data.listenedSeconds));

  it("reports the session's running total, once per change, with one session id", async () => {
    vi.useFakeTimers();
    const player = playingAudio();
    const { unmount } = renderReport(player);
    player.start();
    player.tick(20);
    await vi.advanceTimersByTimeAsync(LISTENING_REPORT_INTERVAL_MS);
    player.seek(100);
    player.tick(5);
    player.pause();
    player.pause(); // nothing new: no second report
    unmount();
    await vi.advanceTimersByTimeAsync(0);
    expect(reports.map((report) => Math.round(report.listenedSeconds))).toEqual([20, 25]);
    expect(new Set(reports.map((report) => report.sessionId)).size).toBe(1);
    expect(reports[0]!.chapterId).toBe('c1');
    expect(waiting()).toEqual([]);
  });

  it('keeps the newest total while offline, and sends it when the connection returns', async () => {
    vi.useFakeTimers();
    offline = true;
    const player = playingAudio();
    renderReport(player);
    player.start();
    player.tick(10);
    player.pause();
    player.start();
    player.tick(10);
    player.pause();
    await vi.advanceTimersByTimeAsync(0);
    // Kept in the browser (a closed tab loses nothing): one entry, the session's whole total.
    expect(reports).toEqual([]);
    expect(waiting()).toEqual([20]);
    offline = false;
    await vi.advanceTimersByTimeAsync(1_000); // the engine's first retry
    expect(reports.map((report) => Math.round(report.listenedSeconds))).toEqual([20]);
    expect(waiting()).toEqual([]);
  });

  it('reports nothing for a visitor', () => {
    const player = playingAudio();
    const { unmount } = renderReport(player, null);
    player.start();
    player.tick(30);
    player.pause();
    unmount();
    expect(reports).toEqual([]);
    expect(localStorage.length).toBe(0);
  });
});
