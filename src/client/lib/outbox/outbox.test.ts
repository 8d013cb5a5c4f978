// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outboxKey } from '#shared/offline/offline-storage';
import { ApiError } from '#client/lib/api-client';
import { getErrorLog } from '#client/lib/error-log';
import { Outbox, sendOperation, type OutboxEntry, type OutboxOperation } from './outbox';

const chapterId = '22222222-2222-4222-8222-222222222222';
const bookmarkId = '66666666-6666-4666-8666-666666666666';
const userId = 'user-1';

const create: OutboxOperation = {
  kind: 'bookmark.create',
  id: bookmarkId,
  chapterId,
  positionSeconds: 12,
  note: 'en el tren',
};
const edit: OutboxOperation = { kind: 'bookmark.note', id: bookmarkId, chapterId, note: 'mejor' };
const remove: OutboxOperation = { kind: 'bookmark.delete', id: bookmarkId, chapterId };
const saveWord: OutboxOperation = {
  kind: 'saved.save',
  body: { kind: 'word', chapterId, segmentId: 's1', wordId: 'w2' },
};

const offline = () => new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server.');
const refused = (status: number) => new ApiError(status, 'VALIDATION_ERROR', 'No.');

const stored = (user = userId): OutboxEntry[] =>
  JSON.parse(localStorage.getItem(outboxKey(user)) ?? '[]') as OutboxEntry[];

let now = 1_700_000_000_000;
let ids = 0;
const outboxFor = (
  send: (entry: OutboxEntry, sentAt: number) => Promise<unknown>,
  options: { user?: string; onPaused?: () => void } = {},
) =>
  new Outbox({
    userId: options.user ?? userId,
    send: send as never,
    now: () => now,
    newId: () => `entry-${(ids += 1)}`,
    onPaused: options.onPaused,
  });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Outbox', () => {
  it('keeps operations made offline in localStorage, per user, until the server answers', async () => {
    const send = vi.fn().mockRejectedValue(offline());
    const onPaused = vi.fn();
    const outbox = outboxFor(send, { onPaused });
    expect(await outbox.submit(create)).toEqual({ sent: false });
    now += 1000;
    expect(await outbox.submit(edit)).toEqual({ sent: false });
    expect(stored().map((entry) => [entry.operation.kind, entry.madeAt, entry.userId])).toEqual([
      ['bookmark.create', 1_700_000_000_000, userId],
      ['bookmark.note', 1_700_000_001_000, userId],
    ]);
    expect(onPaused).toHaveBeenCalled();
    // A new page (the tab was closed) finds them and sends them in the order made.
    const sent: string[] = [];
    const later = outboxFor(async (entry) => {
      sent.push(entry.operation.kind);
      return null;
    });
    expect(later.pending()).toHaveLength(2);
    expect(await later.flush()).toBe(true);
    expect(sent).toEqual(['bookmark.create', 'bookmark.note']);
    expect(localStorage.getItem(outboxKey(userId))).toBeNull();
  });

  it('stops at a failure that may pass, so nothing is sent out of order', async () => {
    const seed = outboxFor(vi.fn().mockRejectedValue(offline()));
    await seed.submit(create);
    await seed.submit(edit);
    await seed.submit(remove);
    for (const error of [offline(), refused(500), refused(401), refused(408), refused(429)]) {
      const send = vi.fn().mockRejectedValue(error);
      expect(await outboxFor(send).flush()).toBe(false);
      expect(send).toHaveBeenCalledTimes(1);
      expect(stored()).toHaveLength(3);
    }
  });

  it('drops an operation the server refuses for good, logs it, and goes on', async () => {
    const seed = outboxFor(vi.fn().mockRejectedValue(offline()));
    await seed.submit(edit);
    await seed.submit(saveWord);
    const send = vi
      .fn()
      .mockRejectedValueOnce(refused(404))
      .mockResolvedValueOnce({ id: 'item-1', kind: 'word' });
    expect(await outboxFor(send).flush()).toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
    expect(stored()).toEqual([]);
    expect(getErrorLog()[0]).toMatchObject({
      message: 'An operation made offline was refused and dropped',
      context: { kind: 'bookmark.note', status: 404 },
    });
  });

  it('rejects submit when the server refuses it, resolves with the answer when it takes it', async () => {
    const answer = { id: bookmarkId, note: 'en el tren' };
    const outbox = outboxFor(
      vi.fn().mockResolvedValueOnce(answer).mockRejectedValueOnce(refused(409)),
    );
    const listener = vi.fn();
    outbox.onAnswer(listener);
    expect(await outbox.submit(create)).toEqual({ sent: true, answer });
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ operation: create }), answer);
    await expect(outbox.submit(create)).rejects.toMatchObject({ status: 409 });
    expect(outbox.pending()).toEqual([]);
  });

  it("never sends another account's operations", async () => {
    await outboxFor(vi.fn().mockRejectedValue(offline()), { user: 'user-2' }).submit(create);
    const send = vi.fn().mockResolvedValue(null);
    const mine = outboxFor(send);
    expect(mine.pending()).toEqual([]);
    expect(await mine.flush()).toBe(true);
    expect(send).not.toHaveBeenCalled();
    expect(stored('user-2')).toHaveLength(1);
  });

  it('gives the same snapshot until the stored queue changes, here or elsewhere', async () => {
    const outbox = outboxFor(vi.fn().mockRejectedValue(offline()));
    const listener = vi.fn();
    outbox.subscribe(listener);
    const empty = outbox.pending();
    expect(outbox.pending()).toBe(empty);
    await outbox.submit(create);
    expect(listener).toHaveBeenCalled();
    const one = outbox.pending();
    expect(one).toHaveLength(1);
    expect(outbox.pending()).toBe(one);
    // Another tab sent it.
    localStorage.removeItem(outboxKey(userId));
    expect(outbox.pending()).toEqual([]);
  });
});

describe('sendOperation', () => {
  it('sends each operation with the shared contracts: client id, when made and when sent', async () => {
    const calls: Array<[string, string, unknown]> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push([init.method!, url, init.body ? JSON.parse(init.body as string) : null]);
        if (init.method === 'DELETE') return new Response(null, { status: 204 });
        return new Response(JSON.stringify({ bookmark: { id: bookmarkId }, item: { id: 'i' } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const entry = (operation: OutboxOperation): OutboxEntry => ({
      entryId: 'e',
      userId,
      madeAt: 100,
      operation,
    });
    await sendOperation(entry(create), 200);
    await sendOperation(entry(edit), 200);
    await sendOperation(entry(remove), 200);
    await sendOperation(entry(saveWord), 200);
    await sendOperation(entry({ kind: 'saved.delete', id: bookmarkId }), 200);
    expect(calls).toEqual([
      [
        'POST',
        '/api/bookmarks',
        {
          id: bookmarkId,
          chapterId,
          positionSeconds: 12,
          note: 'en el tren',
          editedAt: 100,
          sentAt: 200,
        },
      ],
      ['PATCH', `/api/bookmarks/${bookmarkId}`, { note: 'mejor', editedAt: 100, sentAt: 200 }],
      ['DELETE', `/api/bookmarks/${bookmarkId}`, null],
      ['POST', '/api/me/saved-items', { kind: 'word', chapterId, segmentId: 's1', wordId: 'w2' }],
      ['DELETE', `/api/me/saved-items/${bookmarkId}`, null],
    ]);
  });
});
