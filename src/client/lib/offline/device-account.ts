import {
  DEVICE_ACCOUNT_KEY,
  DOWNLOADS_CACHE,
  OFFLINE_DB,
  PERSONAL_CACHES,
} from '#shared/offline/offline-storage';

function storedAccount(): string | null {
  try {
    return localStorage.getItem(DEVICE_ACCOUNT_KEY);
  } catch {
    return null;
  }
}

/**
 * Whether the device holds anything a visit may have left: a kept page or answer, a downloaded
 * file, the list of downloads. Asked without loading the download manager or opening its
 * database, so a first visit (nothing kept yet) costs a phone no work before its first screen.
 */
export async function deviceHoldsOfflineData(): Promise<boolean> {
  try {
    const cacheNames = new Set(typeof caches === 'undefined' ? [] : await caches.keys());
    if ([DOWNLOADS_CACHE, ...PERSONAL_CACHES].some((name) => cacheNames.has(name))) return true;
    if (typeof indexedDB === 'undefined') return false;
    // A browser that cannot list its databases may hold the downloads' one.
    if (typeof indexedDB.databases !== 'function') return true;
    return (await indexedDB.databases()).some((database) => database.name === OFFLINE_DB);
  } catch {
    return true;
  }
}

/**
 * Called whenever the app learns who is signed in (`userId`, null for nobody): if the device holds
 * what another account saw or downloaded (its session ended while no page was open, or another
 * learner signed in), `clear` empties it first. What nobody's visit kept is no one's, so signing in
 * after it clears nothing. A device that never recorded an account (before this rule existed) is
 * taken to be the signed-in learner's, so an update loses nobody's downloads; signed out, whatever
 * it holds goes (a device that holds nothing, a first visit, has nothing to empty).
 */
export async function claimDeviceFor(
  userId: string | null,
  clear: () => Promise<void>,
  holdsData: () => Promise<boolean> = deviceHoldsOfflineData,
): Promise<void> {
  const account = userId ?? '';
  const stored = storedAccount();
  if (stored === account) return;
  const heldForAnother = stored !== null && stored !== '';
  const heldForUnknown = stored === null && userId === null && (await holdsData());
  if (heldForAnother || heldForUnknown) await clear();
  try {
    localStorage.setItem(DEVICE_ACCOUNT_KEY, account);
  } catch {
    // Storage refused (private mode, quota): the caches were emptied; next time they are again.
  }
}
