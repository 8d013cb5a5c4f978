import { syncStoreKey } from '#shared/offline/offline-storage';
import type { SyncEntry } from '#client/lib/sync/sync-kind';

/** An account's entries of a kind waiting in the browser to be sent (decision 057). */
export const waitingEntries = <Data = unknown>(kind: string, userId: string): SyncEntry<Data>[] =>
  (JSON.parse(localStorage.getItem(syncStoreKey(userId)) ?? '[]') as SyncEntry<Data>[]).filter(
    (entry) => entry.kind === kind,
  );
