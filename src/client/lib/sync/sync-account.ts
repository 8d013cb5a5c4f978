/*
 * The account signed in on this page, as the auth provider last knew it (null: nobody, or not
 * known yet). The learner-sync engine sends only that account's entries (decision 057): what
 * another account left on the device waits until it signs in again. Kept apart from the engine so
 * the auth provider, on every page, carries only these lines.
 */

let signedIn: string | null = null;

export function setSyncAccount(userId: string | null): void {
  // The server renders pages for everyone at once and sends nothing: it keeps no account.
  if (typeof window !== 'undefined') signedIn = userId;
}

export const syncAccount = (): string | null => signedIn;
