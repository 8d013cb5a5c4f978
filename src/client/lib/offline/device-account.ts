import { DEVICE_ACCOUNT_KEY } from '#shared/offline/offline-storage';

function storedAccount(): string | null {
  try {
    return localStorage.getItem(DEVICE_ACCOUNT_KEY);
  } catch {
    return null;
  }
}

/**
 * Called whenever the app learns who is signed in (`userId`, null for nobody): if the device holds
 * what another account saw or downloaded (its session ended while no page was open, or another
 * learner signed in), `clear` empties it first. What nobody's visit kept is no one's, so signing in
 * after it clears nothing. A device that never recorded an account (before this rule existed) is
 * taken to be the signed-in learner's, so an update loses nobody's downloads; signed out, whatever
 * it holds goes.
 */
export async function claimDeviceFor(
  userId: string | null,
  clear: () => Promise<void>,
): Promise<void> {
  const account = userId ?? '';
  const stored = storedAccount();
  if (stored === account) return;
  const heldForAnother = stored !== null && stored !== '';
  const heldForUnknown = stored === null && userId === null;
  if (heldForAnother || heldForUnknown) await clear();
  try {
    localStorage.setItem(DEVICE_ACCOUNT_KEY, account);
  } catch {
    // Storage refused (private mode, quota): the caches were emptied; next time they are again.
  }
}
