import { syncStoreKey } from '#shared/offline/offline-storage';
import { convertLegacyQueues } from './legacy-queues';
import { syncAccount } from './sync-account';
import { SyncEngine } from './sync-engine';
import { browserStorage, SyncStore } from './sync-store';

const engines = new Map<string, SyncEngine>();

/**
 * True from the start of `pagehide` until the page is shown again (back from the back-forward
 * cache). Heard by a capturing listener, so before any listener of the page's own: a write a
 * feature records as the page goes is sent at once with keepalive, even while an earlier request
 * of its kind is on its way (visibilityState turns hidden only after pagehide).
 */
let leavingPage = false;
let leavingHeard = false;

function listenForLeaving(): void {
  if (leavingHeard) return;
  leavingHeard = true;
  window.addEventListener('pagehide', () => (leavingPage = true), { capture: true });
  window.addEventListener('pageshow', () => (leavingPage = false), { capture: true });
}

const pageGoingAway = () => leavingPage || document.visibilityState === 'hidden';

/**
 * The one engine of an account in this page (the features and the app-wide flusher share it). The
 * first one made converts what the older queues left (legacy-queues.ts) before anything reads.
 * It sends only while its account is the one signed in (sync-account.ts).
 */
export function getSyncEngine(userId: string): SyncEngine {
  const known = engines.get(userId);
  if (known) return known;
  listenForLeaving();
  const storage = browserStorage();
  if (storage) convertLegacyQueues(storage);
  const key = syncStoreKey(userId);
  const engine = new SyncEngine({
    userId,
    store: new SyncStore(key, storage),
    isSignedIn: () => syncAccount() === userId,
    isHidden: pageGoingAway,
  });
  engines.set(userId, engine);
  // Another tab recorded or sent something: what is shown here follows.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === key) engine.changed();
  });
  return engine;
}

/** The account's engine in the browser; none while the server renders a page (nothing is kept). */
export const browserSyncEngine = (userId: string | null | undefined): SyncEngine | null =>
  userId && typeof window !== 'undefined' ? getSyncEngine(userId) : null;

/**
 * Account deletion (decision 062): the account's waiting entries on this device go unsent (what
 * the older queues still held of it too: its engine converts them first). Other accounts' stay.
 */
export function discardAccountEntries(userId: string): void {
  getSyncEngine(userId).discardAll();
}
