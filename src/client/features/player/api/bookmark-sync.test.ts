import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncEntry } from '#client/lib/sync/sync-kind';
import { bookmarkSync, type BookmarkChange } from './bookmark-sync';

const chapterId = '22222222-2222-4222-8222-222222222222';
const bookmarkId = '66666666-6666-4666-8666-666666666666';

afterEach(() => vi.unstubAllGlobals());

describe('bookmark changes', () => {
  it('are sent with the shared contracts: client id, when made (editedAt) and when sent', async () => {
    const calls: Array<[string, string, unknown, boolean | undefined]> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const body = init.body ? JSON.parse(init.body as string) : null;
        calls.push([init.method!, url, body, init.keepalive]);
        if (init.method === 'DELETE') return new Response(null, { status: 204 });
        return Response.json({ bookmark: { id: bookmarkId } });
      }),
    );
    const send = (data: BookmarkChange) => {
      const entry: SyncEntry<BookmarkChange> = { id: 'e', kind: 'bookmark', madeAt: 100, data };
      return bookmarkSync.send(entry, { sentAt: 200, keepalive: true });
    };
    const created = await send({
      op: 'create',
      id: bookmarkId,
      chapterId,
      positionSeconds: 12,
      note: 'en el tren',
    });
    await send({ op: 'note', id: bookmarkId, chapterId, note: 'mejor' });
    const deleted = await send({ op: 'delete', id: bookmarkId, chapterId });
    expect(created).toEqual({ id: bookmarkId });
    expect(deleted).toBeNull();
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
        true,
      ],
      [
        'PATCH',
        `/api/bookmarks/${bookmarkId}`,
        { note: 'mejor', editedAt: 100, sentAt: 200 },
        true,
      ],
      ['DELETE', `/api/bookmarks/${bookmarkId}`, null, true],
    ]);
  });
});
