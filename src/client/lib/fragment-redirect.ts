/**
 * Auth e-mails land on the site with their result in the address fragment
 * (`#access_token=…&refresh_token=…` or `#error=…&error_code=…`). The e-mail confirmation page
 * reads query parameters, so on start-up the fragment is carried over as a query string.
 */

const EMAIL_CONFIRMATION_PATH = '/email-confirmation';
const MARKER_KEYS = ['access_token', 'error', 'error_code'] as const;

/**
 * The address to replace the current one with, or null when the fragment carries no auth result.
 * `hash` is `window.location.hash`, with or without its leading '#'.
 */
export function getFragmentRedirect(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (fragment === '') return null;
  const params = new URLSearchParams(fragment);
  const hasMarker = MARKER_KEYS.some((key) => params.has(key));
  if (!hasMarker) return null;
  return `${EMAIL_CONFIRMATION_PATH}?${fragment}`;
}

/** Applies the redirect before the router mounts, so the router starts on the right page. */
export function applyFragmentRedirect(
  location: Location = window.location,
  history: History = window.history,
): boolean {
  const target = getFragmentRedirect(location.hash);
  if (target === null) return false;
  history.replaceState(history.state, '', target);
  return true;
}
