import { afterEach, describe, expect, it, vi } from 'vitest';
import { savedItemSync, type SavedItemChange } from './saved-item-sync';

const chapterId = '22222222-2222-4222-8222-222222222222';

afterEach(() => vi.unstubAllGlobals());

describe('saved-item changes', () => {
  it('save with the shared contract, delete by id; the answer is the item or null', async () => {
    const calls: Array<[string, string, unknown]> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push([init.method!, url, init.body ? JSON.parse(init.body as string) : null]);
        if (init.method === 'DELETE') return new Response(null, { status: 204 });
        return Response.json({ item: { id: 'item-1' } });
      }),
    );
    const send = (data: SavedItemChange) =>
      savedItemSync.send(
        { id: 'e', kind: 'saved-item', madeAt: 100, data },
        {
          sentAt: 200,
          keepalive: true,
        },
      );
    const body = { kind: 'word' as const, chapterId, segmentId: 's1', wordId: 'w2' };
    expect(await send({ op: 'save', body })).toEqual({ id: 'item-1' });
    expect(await send({ op: 'delete', id: 'item-1' })).toBeNull();
    expect(calls).toEqual([
      ['POST', '/api/me/saved-items', body],
      ['DELETE', '/api/me/saved-items/item-1', null],
    ]);
  });
});
