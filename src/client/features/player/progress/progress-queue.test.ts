// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getErrorLog } from '#client/lib/error-log';
import { RETRY_DELAYS_MS } from '#client/lib/retry';
import { PROGRESS_QUEUE_KEY, ProgressQueue, type QueuedSave } from './progress-queue';

const chapterA = '22222222-2222-4222-8222-222222222222';
const chapterB = '33333333-3333-4333-8333-333333333333';
const userId = 'user-1';

const ok = (body: unknown = { applied: true, progress: {}, newAchievements: [] }) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const fail = (status: number) =>
  new Response(JSON.stringify({ error: { code: `HTTP_${status}`, message: 'no' } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const stored = (): QueuedSave[] =>
  JSON.parse(localStorage.getItem(PROGRESS_QUEUE_KEY) ?? '[]') as QueuedSave[];

const save = (chapterId: string, positionSeconds: number, clientTimestamp: number) => ({
  chapterId,
  positionSeconds,
  durationSeconds: 120,
  clientTimestamp,
  deviceId: 'tab-1',
});

let now = 1_700_000_000_000;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.useFakeTimers();
  now = 1_700_000_000_000;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const newQueue = (options: Partial<ConstructorParameters<typeof ProgressQueue>[0]> = {}) =>
  new ProgressQueue({ userId, now: () => now, ...options });

describe('progress queue', () => {
  it('stores a save before sending it, sends it with keepalive and sentAt, and removes it after a 2xx', async () => {
    let release: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const queue = newQueue();

    const done = queue.enqueue(save(chapterA, 42.5, now - 1000));
    expect(stored()).toEqual([{ ...save(chapterA, 42.5, now - 1000), userId }]);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/progress');
    expect(init.method).toBe('POST');
    expect(init.keepalive).toBe(true);
    expect(JSON.parse(init.body as string)).toEqual({
      chapterId: chapterA,
      positionSeconds: 42.5,
      durationSeconds: 120,
      clientTimestamp: now - 1000,
      sentAt: now,
      deviceId: 'tab-1',
    });
    // Still queued while the server has not answered.
    expect(stored()).toHaveLength(1);

    release(ok());
    await done;
    expect(stored()).toEqual([]);
  });

  it('survives a reload: a new queue sends what an earlier page left', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => fail(503)),
    );
    await newQueue().enqueue(save(chapterA, 10, now));
    expect(stored()).toHaveLength(1);

    const fetchMock = vi.fn(async () => ok());
    vi.stubGlobal('fetch', fetchMock);
    await newQueue().flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(stored()).toEqual([]);
  });

  it('retries after failures with growing back-off, then succeeds', async () => {
    const responses = [fail(500), fail(502), fail(503)];
    const fetchMock = vi.fn(async () => responses.shift() ?? ok());
    vi.stubGlobal('fetch', fetchMock);
    const queue = newQueue();

    await queue.enqueue(save(chapterA, 5, now));
    expect(queue.nextRetryDelay).toBe(RETRY_DELAYS_MS[0]);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0] - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(queue.nextRetryDelay).toBe(RETRY_DELAYS_MS[1]);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[1]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(queue.nextRetryDelay).toBe(RETRY_DELAYS_MS[2]);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[2]);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(stored()).toEqual([]);
    expect(queue.nextRetryDelay).toBeNull();
  });

  it('keeps saves after a network failure and sends them when asked again (online)', async () => {
    const fetchMock = vi.fn(async (): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const queue = newQueue();
    await queue.enqueue(save(chapterA, 5, now));
    expect(stored()).toHaveLength(1);

    fetchMock.mockImplementation(async () => ok());
    await queue.retryNow();
    expect(stored()).toEqual([]);
    expect(queue.nextRetryDelay).toBeNull();
  });

  it.each([401, 408, 429])('keeps a save answered %i for a later attempt', async (status) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => fail(status)),
    );
    const queue = newQueue();
    await queue.enqueue(save(chapterA, 5, now));
    expect(stored()).toHaveLength(1);
    expect(queue.nextRetryDelay).toBe(RETRY_DELAYS_MS[0]);
    queue.stop();
  });

  it.each([400, 403, 404, 422])('drops (and logs) a save answered %i', async (status) => {
    const fetchMock = vi.fn(async () => fail(status));
    vi.stubGlobal('fetch', fetchMock);
    const queue = newQueue();
    await queue.enqueue(save(chapterA, 5, now));
    expect(stored()).toEqual([]);
    expect(queue.nextRetryDelay).toBeNull();
    expect(getErrorLog()[0]).toMatchObject({
      code: 'VALIDATION_ERROR',
      context: { chapterId: chapterA, status },
    });
  });

  it('sends the next save after a dropped one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => fail(503)),
    );
    const queue = newQueue();
    await queue.enqueue(save(chapterA, 5, now));
    await queue.enqueue(save(chapterB, 6, now + 1));
    queue.stop();
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      (JSON.parse(init.body as string) as { chapterId: string }).chapterId === chapterA
        ? fail(400)
        : ok(),
    );
    vi.stubGlobal('fetch', fetchMock);
    await newQueue().flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(stored()).toEqual([]);
  });

  it('keeps only the newest save of a chapter, but never drops one that completes it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => fail(503)),
    );
    const queue = newQueue();
    await queue.enqueue(save(chapterA, 10, now));
    await queue.enqueue(save(chapterA, 20, now + 10));
    expect(stored().map((entry) => entry.positionSeconds)).toEqual([20]);
    await queue.enqueue(save(chapterA, 120, now + 20)); // the end: completes the chapter
    await queue.enqueue(save(chapterA, 3, now + 30));
    expect(stored().map((entry) => entry.positionSeconds)).toEqual([120, 3]);
    queue.stop();
  });

  it("never sends another account's saves", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => fail(503)),
    );
    await newQueue({ userId: 'someone-else' }).enqueue(save(chapterA, 10, now));
    const fetchMock = vi.fn(async () => ok());
    vi.stubGlobal('fetch', fetchMock);
    await newQueue().flush();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(stored()).toHaveLength(1);
  });

  it('sends every waiting save at once when the page is left', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => fail(503)),
    );
    const queue = newQueue();
    await queue.enqueue(save(chapterA, 10, now));
    await queue.enqueue(save(chapterB, 20, now + 1));
    queue.stop();
    const fetchMock = vi.fn(async () => ok());
    vi.stubGlobal('fetch', fetchMock);
    newQueue().flushOnExit();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    for (const call of fetchMock.mock.calls as unknown as Array<[string, RequestInit]>) {
      expect(call[1].keepalive).toBe(true);
    }
    await vi.runAllTimersAsync();
    expect(stored()).toEqual([]);
  });

  it('reports acknowledged saves (achievements)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok({ applied: true, progress: {}, newAchievements: ['first_chapter'] })),
    );
    const onAcknowledged = vi.fn();
    await newQueue({ onAcknowledged }).enqueue(save(chapterA, 120, now));
    expect(onAcknowledged).toHaveBeenCalledWith(
      expect.objectContaining({ newAchievements: ['first_chapter'] }),
      expect.objectContaining({ chapterId: chapterA }),
    );
  });
});
