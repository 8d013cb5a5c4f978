import type { SaveItemBody, SavedItem } from '#shared/contracts/saved-items';
import { savedItemRoutes } from '#shared/contracts/saved-items-routes';
import { apiFetch } from '#client/lib/api-client';
import type { OrderedKind } from '#client/lib/sync/sync-kind';

/** Saving a line or a word, or deleting a saved item, as the learner did it. */
export type SavedItemChange = { op: 'save'; body: SaveItemBody } | { op: 'delete'; id: string };

/**
 * Saved-item changes through the learner-sync engine (decisions 041, 057), sent in the order made
 * (a delete after the save it undoes). Both are safe to send twice: saving the same line or word
 * answers the item already saved, deleting what is gone is a success. The answer is the item as
 * stored, or null for a delete.
 */
export const savedItemSync: OrderedKind<SavedItemChange, SavedItem | null> = {
  name: 'saved-item',
  combine: 'ordered',
  send: async ({ data }, { keepalive }) => {
    if (data.op === 'delete') {
      await apiFetch<void>(savedItemRoutes.remove(data.id), { method: 'DELETE', keepalive });
      return null;
    }
    const init = { method: 'POST', json: data.body, keepalive };
    return (await apiFetch<{ item: SavedItem }>(savedItemRoutes.create, init)).item;
  },
};
