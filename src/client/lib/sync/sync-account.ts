/*
 * The account signed in on this page, as the auth provider last knew it (null: nobody, or not
 * known yet). The learner-sync engine sends only that account's entries (decision 057): what
 * another account left on the device waits until it signs in again; every change the page sends
 * names it (api-client.ts, decision 076). Kept apart from the engine so the auth provider and the
 * API client, on every page, carry only these lines.
 */

let signedIn: string | null = null;

export function setSyncAccount(userId: string | null): void {
  // The server renders pages for everyone at once and sends nothing: it keeps no account.
  if (typeof window !== 'undefined') signedIn = userId;
}

export const syncAccount = (): string | null => signedIn;

const sessionDoubts = new Set<() => void>();

/**
 * The server refused a change as not this account's (decision 076; api-client.ts): the session
 * ended or another account signed in elsewhere on the device. The auth provider checks the session
 * at once rather than at its next 30-second check, so the page shows who is signed in now and the
 * learner-sync engine of the account that left stops sending.
 */
export function doubtSession(): void {
  for (const listener of sessionDoubts) listener();
}

/** Hears {@link doubtSession}; returns the remover. */
export function onSessionDoubt(listener: () => void): () => void {
  sessionDoubts.add(listener);
  return () => sessionDoubts.delete(listener);
}
