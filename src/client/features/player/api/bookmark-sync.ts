import type { Bookmark } from '#shared/contracts/bookmarks';
import { apiFetch } from '#client/lib/api-client';
import type { OrderedKind } from '#client/lib/sync/sync-kind';

/** A change to a bookmark as the learner made it (the bookmark's id is made by the client). */
export type BookmarkChange =
  | {
      op: 'create';
      id: string;
      chapterId: string;
      positionSeconds: number;
      segmentId?: string;
      note?: string;
    }
  | { op: 'note'; id: string; chapterId: string; note: string | null }
  | { op: 'delete'; id: string; chapterId: string };

const bookmarkUrl = (id: string) => `/api/bookmarks/${encodeURIComponent(id)}`;

/**
 * Bookmark changes through the learner-sync engine (decisions 041, 057): sent in the order made,
 * since an edit or a delete needs the bookmark it changes. Each is safe to send twice: the
 * client-made id, newest-wins edits (`editedAt` is when it was made), a delete of what is gone.
 * The answer is the bookmark as stored, or null for a delete.
 */
export const bookmarkSync: OrderedKind<BookmarkChange, Bookmark | null> = {
  name: 'bookmark',
  combine: 'ordered',
  send: async ({ data, madeAt }, { sentAt, keepalive }) => {
    switch (data.op) {
      case 'create': {
        const { id, chapterId, positionSeconds, segmentId, note } = data;
        const json = { id, chapterId, positionSeconds, segmentId, note, editedAt: madeAt, sentAt };
        const init = { method: 'POST', json, keepalive };
        return (await apiFetch<{ bookmark: Bookmark }>('/api/bookmarks', init)).bookmark;
      }
      case 'note': {
        const json = { note: data.note, editedAt: madeAt, sentAt };
        const init = { method: 'PATCH', json, keepalive };
        return (await apiFetch<{ bookmark: Bookmark }>(bookmarkUrl(data.id), init)).bookmark;
      }
      case 'delete':
        await apiFetch<void>(bookmarkUrl(data.id), { method: 'DELETE', keepalive });
        return null;
    }
  },
};
