// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncStoreKey } from '#shared/offline/offline-storage';
import { ApiError } from '#client/lib/api-client';
import { getErrorLog } from '#client/lib/error-log';
import { RETRY_DELAYS_MS } from '#client/lib/retry';
import { registerSyncKind, SyncEngine } from './sync-engine';
import type { SendContext, SyncEntry, SyncKind } from './sync-kind';
import { SyncStore, type KeyValueStorage } from './sync-store';

/*
 * "Nothing is lost" (decision 057): a closed tab, no connection, another account, a server that
 * refuses; then how each kind's entries combine. Kinds here are made up: the engine knows none.
 */

interface Request {
  kind: string;
  data: unknown[];
  context: SendContext;
}

/** What the server does with the next requests: answer, or fail with this error. */
let failure: unknown = null;
let requests: Request[] = [];
/** Requests held unanswered until released (a slow server, a tab closing mid-request). */
let holding = false;
let held: Array<() => void> = [];

async function serve(kind: string, entries: readonly SyncEntry[], context: SendContext) {
  requests.push({ kind, data: entries.map((entry) => entry.data), context });
  if (holding) await new Promise<void>((release) => held.push(release));
  if (failure) throw failure;
  return { answered: entries.map((entry) => entry.data) };
}

type Step = { step: string };
type Save = { chapter: string; position: number };
type Rating = { answerId: string };

const orderedKind: SyncKind<Step, unknown> = {
  name: 'test-change',
  combine: 'ordered',
  send: (entry, context) => serve('test-change', [entry], context),
};
const newestKind: SyncKind<Save, unknown> = {
  name: 'test-save',
  combine: 'newest',
  keyOf: (save) => save.chapter,
  send: (entry, context) => serve('test-save', [entry], context),
};
const batchedKind: SyncKind<Rating, unknown> = {
  name: 'test-rating',
  combine: 'batched',
  keyOf: (rating) => rating.answerId,
  max: 3,
  gatherMs: 1500,
  send: (entries, context) => serve('test-rating', entries, context),
};

const offline = () => new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server.');
const refused = (status: number) => new ApiError(status, `HTTP_${status}`, 'No.');

let signedIn: string | null = 'user-a';
let hidden = false;
let now = 1_700_000_000_000;
let ids = 0;

const stored = (userId = 'user-a'): SyncEntry[] =>
  JSON.parse(localStorage.getItem(syncStoreKey(userId)) ?? '[]') as SyncEntry[];

/** An engine as a page makes it: the account's store in localStorage (or in `storage`). */
const engineFor = (userId = 'user-a', storage: KeyValueStorage | null = localStorage) =>
  new SyncEngine({
    userId,
    store: new SyncStore(syncStoreKey(userId), storage),
    isSignedIn: () => signedIn === userId,
    isHidden: () => hidden,
    now: () => now,
    newId: () => `entry-${(ids += 1)}`,
  });

/** Lets every answered request finish (no timer moves). */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  failure = null;
  requests = [];
  holding = false;
  held = [];
  signedIn = 'user-a';
  hidden = false;
  for (const kind of [orderedKind, newestKind, batchedKind]) registerSyncKind(kind);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('nothing is lost', () => {
  it('a closed tab: entries are stored before anything is sent, and the next page sends them', async () => {
    holding = true;
    const page = engineFor();
    page.add(orderedKind, { step: 'create' });
    page.add(newestKind, { chapter: 'c1', position: 42 });
    // Both requests left, unanswered, and both entries are already in storage.
    expect(requests.map((request) => request.kind)).toEqual(['test-change', 'test-save']);
    expect(stored().map((entry) => [entry.kind, entry.data])).toEqual([
      ['test-change', { step: 'create' }],
      ['test-save', { chapter: 'c1', position: 42 }],
    ]);
    // The tab closes: its requests never answer. The next visit's engine finds and sends both.
    holding = false;
    requests = [];
    const report = await engineFor().flush();
    expect(requests.map((request) => request.data)).toEqual([
      [{ step: 'create' }],
      [{ chapter: 'c1', position: 42 }],
    ]);
    expect(report).toEqual({ settled: 2, waiting: 0 });
    expect(localStorage.getItem(syncStoreKey('user-a'))).toBeNull();
  });

  it('offline: nothing leaves the store, and back online all is sent, ordered changes in order', async () => {
    failure = offline();
    const engine = engineFor();
    for (const step of ['create', 'note', 'delete']) engine.add(orderedKind, { step });
    engine.add(newestKind, { chapter: 'c1', position: 10 });
    await settle();
    // One attempt per kind: an ordered kind never tries a later change before the first.
    expect(requests.filter((request) => request.kind === 'test-change')).toHaveLength(1);
    expect(stored()).toHaveLength(4);
    expect(engine.isWaiting(orderedKind)).toBe(true);

    failure = null;
    requests = [];
    const report = await engine.retryNow();
    expect(requests.filter((r) => r.kind === 'test-change').map((r) => r.data)).toEqual([
      [{ step: 'create' }],
      [{ step: 'note' }],
      [{ step: 'delete' }],
    ]);
    expect(requests.filter((r) => r.kind === 'test-save')).toHaveLength(1);
    expect(report).toEqual({ settled: 4, waiting: 0 });
    expect(stored()).toEqual([]);
    expect(engine.isWaiting(orderedKind)).toBe(false);
  });

  it("another account: A's entries are never sent with B's session, and wait for A", async () => {
    failure = offline();
    const a = engineFor('user-a');
    a.add(orderedKind, { step: 'made by A' });
    await settle();
    expect(a.nextRetryDelay).toBe(RETRY_DELAYS_MS[0]);

    // B signs in on this page: A's planned retry finds A signed out and sends nothing.
    failure = null;
    requests = [];
    signedIn = 'user-b';
    await vi.advanceTimersByTimeAsync(60_000);
    const b = engineFor('user-b');
    b.add(newestKind, { chapter: 'c1', position: 5 });
    a.add(orderedKind, { step: 'recorded for A as its page closed' });
    a.flushOnExit();
    await b.flush();
    expect(requests.map((request) => request.data)).toEqual([[{ chapter: 'c1', position: 5 }]]);
    expect(stored('user-a')).toHaveLength(2);
    expect(stored('user-b')).toEqual([]);

    // A signs in again: its entries go, with its session.
    signedIn = 'user-a';
    requests = [];
    await engineFor('user-a').flush();
    expect(requests.map((request) => request.data)).toEqual([
      [{ step: 'made by A' }],
      [{ step: 'recorded for A as its page closed' }],
    ]);
    expect(stored('user-a')).toEqual([]);
  });

  it.each([400, 403, 404, 409, 422])(
    'a server that refuses for good (%i): the entry is dropped, logged, and the next one goes',
    async (status) => {
      failure = offline();
      const engine = engineFor();
      engine.add(orderedKind, { step: 'refused' });
      engine.add(orderedKind, { step: 'accepted' });
      await settle();
      failure = refused(status);
      requests = [];
      const sending = engine.retryNow();
      await settle();
      failure = null;
      expect(await sending).toEqual({ settled: 2, waiting: 0 });
      expect(requests.map((request) => request.data)).toEqual([
        [{ step: 'refused' }],
        [{ step: 'accepted' }],
      ]);
      expect(stored()).toEqual([]);
      expect(engine.nextRetryDelay).toBeNull();
      expect(getErrorLog()[0]).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'A change waiting to be sent was refused by the server and dropped',
        context: { kind: 'test-change', entries: 1, status },
      });
    },
  );

  it.each([
    ['no connection', offline()],
    ['a server error', refused(500)],
    ['an unavailable server', refused(503)],
    ['an ended session', refused(401)],
    ['a timeout', refused(408)],
    ['a rate limit', refused(429)],
  ])(
    'a failure that may pass (%s): kept, and retried after 1, 2, 5, 10, then every 30 s',
    async (_name, error) => {
      failure = error;
      const engine = engineFor();
      engine.add(newestKind, { chapter: 'c1', position: 10 });
      await settle();
      expect(requests).toHaveLength(1);
      for (const [index, delay] of [...RETRY_DELAYS_MS, 30_000].entries()) {
        expect(engine.nextRetryDelay).toBe(delay);
        await vi.advanceTimersByTimeAsync(delay - 1);
        expect(requests).toHaveLength(index + 1);
        await vi.advanceTimersByTimeAsync(1);
        expect(requests).toHaveLength(index + 2);
      }
      expect(stored()).toHaveLength(1);
      expect(getErrorLog()).toEqual([]);

      // The server is back: sent at the next retry, and a later failure waits 1 s again.
      failure = null;
      await vi.advanceTimersByTimeAsync(30_000);
      expect(stored()).toEqual([]);
      expect(engine.nextRetryDelay).toBeNull();
      failure = error;
      engine.add(newestKind, { chapter: 'c2', position: 3 });
      await settle();
      expect(engine.nextRetryDelay).toBe(RETRY_DELAYS_MS[0]);
    },
  );

  it('one failing kind holds back only its own entries', async () => {
    const engine = engineFor();
    const failing: SyncKind<Step, unknown> = {
      name: 'test-failing',
      combine: 'ordered',
      send: () => Promise.reject(refused(503)),
    };
    engine.add(failing, { step: 'stuck' });
    engine.add(newestKind, { chapter: 'c1', position: 1 });
    await settle();
    expect(stored().map((entry) => entry.kind)).toEqual(['test-failing']);
    expect(engine.isWaiting(failing)).toBe(true);
    expect(engine.isWaiting(newestKind)).toBe(false);
  });

  it('keeps the entries of a kind this page has not registered, untouched, for a page that has', async () => {
    localStorage.setItem(
      syncStoreKey('user-a'),
      JSON.stringify([{ id: 'old', kind: 'test-unknown', madeAt: now, data: { any: 1 } }]),
    );
    const engine = engineFor();
    engine.add(newestKind, { chapter: 'c1', position: 1 });
    expect(await engine.flush()).toEqual({ settled: 1, waiting: 0 });
    expect(stored().map((entry) => entry.id)).toEqual(['old']);
  });

  it('keeps entries in memory while the page lives when storage cannot be written', async () => {
    const full: KeyValueStorage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    failure = offline();
    const engine = engineFor('user-a', full);
    engine.add(orderedKind, { step: 'one' });
    engine.add(orderedKind, { step: 'two' });
    await settle();
    expect(engine.entries().map((entry) => entry.data)).toEqual([{ step: 'one' }, { step: 'two' }]);
    failure = null;
    await engine.retryNow();
    expect(engine.entries()).toEqual([]);
    expect(requests.at(-1)?.data).toEqual([{ step: 'two' }]);
  });
});

describe('how entries combine', () => {
  it('newest wins per key: a newer entry replaces an older one of the same key, others stay', async () => {
    failure = offline();
    const engine = engineFor();
    engine.add(newestKind, { chapter: 'c1', position: 10 });
    engine.add(newestKind, { chapter: 'c2', position: 7 });
    now += 10_000;
    engine.add(newestKind, { chapter: 'c1', position: 20 });
    expect(stored().map((entry) => [entry.data, entry.madeAt])).toEqual([
      [{ chapter: 'c2', position: 7 }, 1_700_000_000_000],
      [{ chapter: 'c1', position: 20 }, 1_700_000_010_000],
    ]);
    await settle();
    failure = null;
    requests = [];
    await engine.retryNow();
    expect(requests.map((request) => request.data)).toEqual([
      [{ chapter: 'c2', position: 7 }],
      [{ chapter: 'c1', position: 20 }],
    ]);
  });

  it('a newer entry recorded while an older one is on its way is sent after it, not lost', async () => {
    holding = true;
    const engine = engineFor();
    engine.add(newestKind, { chapter: 'c1', position: 10 });
    engine.add(newestKind, { chapter: 'c1', position: 20 });
    holding = false;
    held.shift()!();
    await settle();
    expect(requests.map((request) => request.data)).toEqual([
      [{ chapter: 'c1', position: 10 }],
      [{ chapter: 'c1', position: 20 }],
    ]);
    expect(stored()).toEqual([]);
  });

  it('batched: entries within the gathering time go in one request, at most `max` each', async () => {
    const engine = engineFor();
    for (const answerId of ['a1', 'a2', 'a2', 'a3', 'a4']) engine.add(batchedKind, { answerId });
    expect(stored()).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1499);
    expect(requests).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(requests.map((request) => request.data)).toEqual([
      [{ answerId: 'a1' }, { answerId: 'a2' }, { answerId: 'a3' }],
      [{ answerId: 'a4' }],
    ]);
    // A batch is no keepalive request while the page is shown (browsers cap their bytes).
    expect(requests[0]!.context.keepalive).toBe(false);
    expect(stored()).toEqual([]);
  });

  it('tells listeners of each answer with its entries, before they leave the store', async () => {
    const engine = engineFor();
    const heard: Array<[unknown, unknown[], number]> = [];
    const stop = engine.onDelivered(orderedKind, (answer, entries) => {
      heard.push([answer, entries.map((entry) => entry.data), stored().length]);
    });
    engine.add(orderedKind, { step: 'create' });
    await engine.flush();
    expect(heard).toEqual([[{ answered: [{ step: 'create' }] }, [{ step: 'create' }], 1]]);
    stop();
    engine.add(orderedKind, { step: 'note' });
    await engine.flush();
    expect(heard).toHaveLength(1);
  });
});

describe('submit', () => {
  it("answers with the server's answer when it came now, keeps the entry when it cannot", async () => {
    const engine = engineFor();
    expect(await engine.submit(orderedKind, { step: 'create' })).toEqual({
      sent: true,
      answer: { answered: [{ step: 'create' }] },
    });
    failure = offline();
    expect(await engine.submit(orderedKind, { step: 'note' })).toEqual({ sent: false });
    expect(stored()).toHaveLength(1);
  });

  it('rejects with the refusal when the server refused it for good (it was dropped)', async () => {
    failure = refused(409);
    const engine = engineFor();
    await expect(engine.submit(orderedKind, { step: 'create' })).rejects.toMatchObject({
      status: 409,
    });
    expect(stored()).toEqual([]);
  });
});

describe('a page going away', () => {
  it("starts every kind's next request at once, with keepalive, while others are on their way", async () => {
    holding = true;
    const engine = engineFor();
    engine.add(newestKind, { chapter: 'c1', position: 10 });
    failure = null;
    hidden = true;
    // Recorded as the page hides: sent at once, not after the request already on its way.
    engine.add(newestKind, { chapter: 'c2', position: 20 });
    engine.add(orderedKind, { step: 'create' });
    engine.add(orderedKind, { step: 'note' });
    engine.add(batchedKind, { answerId: 'a1' });
    expect(
      requests.map((request) => [request.kind, request.data, request.context.keepalive]),
    ).toEqual([
      ['test-save', [{ chapter: 'c1', position: 10 }], true],
      ['test-save', [{ chapter: 'c2', position: 20 }], true],
      ['test-change', [{ step: 'create' }], true],
      ['test-rating', [{ answerId: 'a1' }], true],
    ]);
    // The page lives on after all (only hidden): the rest follows in order.
    holding = false;
    for (const release of held) release();
    await settle();
    expect(requests.at(-1)?.data).toEqual([{ step: 'note' }]);
    expect(stored()).toEqual([]);
  });
});
