/**
 * Where a learner goes back to after signing in or signing up: a path on this site only, carried
 * in the `next` query parameter of the auth pages. Anything else (another site, a scheme, a
 * protocol-relative `//host` or `/\host` that browsers read as another host, control characters,
 * or an auth page itself) falls back to the home page.
 */
export const RETURN_PATH_PARAM = 'next';
export const DEFAULT_RETURN_PATH = '/';

/** The pages a learner is never sent back to (they would loop or show a stale form). */
const AUTH_PAGE_PATHS = [
  '/auth',
  '/onboarding',
  '/forgot-password',
  '/reset-password',
  '/email-confirmation',
];

const pathNameOf = (path: string) => path.split(/[?#]/, 1)[0]!.replace(/\/+$/, '').toLowerCase();

export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string') return DEFAULT_RETURN_PATH;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!value.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(value)) return DEFAULT_RETURN_PATH;
  if (value.startsWith('//')) return DEFAULT_RETURN_PATH;
  if (AUTH_PAGE_PATHS.includes(pathNameOf(value))) return DEFAULT_RETURN_PATH;
  return value;
}

/** `authPath` (e.g. `/auth`) carrying `from` as the page to return to, when there is one worth keeping. */
export function withReturnPath(authPath: string, from: string): string {
  const path = safeReturnPath(from);
  return path === DEFAULT_RETURN_PATH
    ? authPath
    : `${authPath}?${RETURN_PATH_PARAM}=${encodeURIComponent(path)}`;
}
