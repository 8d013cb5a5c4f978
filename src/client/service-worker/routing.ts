/**
 * Which strategy the service worker uses for a request (decision 039). Pure: the worker asks
 * these functions and runs the answer, so the rules are tested without a browser.
 */

import { KEPT_ANSWER_HEADER } from '#shared/offline/account-stamp';
import { isAdminPath } from '#shared/page-routes';

/** What the worker needs to know of a request. */
export interface RequestFacts {
  url: URL;
  /** The worker's own origin. */
  origin: string;
  method: string;
  /** `Request.mode`: 'navigate' for a page load. */
  mode: string;
  /** `Request.destination`: 'audio', 'image', 'document'… */
  destination: string;
}

/**
 * - `downloadable`: may be a downloaded chapter's file; the worker looks in the downloads cache
 *   and, when the entry is absent, lets the request go to the network untouched;
 * - `api`: network first into the API cache, that cache when the network fails (and, when the URL
 *   was downloaded, the downloads cache first in line);
 * - `page`: a navigation: network first into the pages cache; offline the cached page, else the
 *   app shell;
 * - `transient-page`: a page of a one-time step (signing in, a reset or confirmation link, a
 *   payment's return): never kept, offline the app shell;
 * - `network`: the worker does not answer (the browser's own fetch).
 */
export type RequestKind = 'downloadable' | 'api' | 'page' | 'transient-page' | 'network';

/** The HTML the worker precaches and answers a navigation with when it has no copy of the page. */
export const APP_SHELL_URL = '/app-shell.html';

/** Pages of one-time steps: their addresses carry tokens and their answers are of the moment. */
const TRANSIENT_PAGES = new Set([
  '/auth',
  '/onboarding',
  '/forgot-password',
  '/reset-password',
  '/email-confirmation',
  '/thank-you',
  '/support-success',
]);

/** Chapter audio, stored images and their variants: bodies, never kept unless downloaded. */
const isFilePath = (pathname: string) =>
  /^\/api\/chapters\/[^/]+\/audio$/.test(pathname) ||
  pathname.startsWith('/api/files/') ||
  pathname.startsWith('/api/images/') ||
  pathname === '/api/me/avatar';

/** API answers that must always come from the server (or are not JSON worth keeping). */
const isNetworkOnlyApiPath = (pathname: string) =>
  pathname === '/api/admin' ||
  pathname.startsWith('/api/admin/') ||
  (pathname.startsWith('/api/auth/') && pathname !== '/api/auth/session') ||
  pathname === '/api/progress/events' ||
  pathname.startsWith('/api/health') ||
  pathname.startsWith('/api/payments/') ||
  pathname.startsWith('/api/dev/') ||
  pathname === '/api/docs' ||
  pathname.startsWith('/api/docs/');

export function classifyRequest(request: RequestFacts): RequestKind {
  const { url, origin, method, mode, destination } = request;
  if (method !== 'GET' || url.origin !== origin) return 'network';
  const { pathname } = url;
  if (mode === 'navigate') {
    if (isAdminPath(pathname)) return 'network';
    return TRANSIENT_PAGES.has(pathname) ? 'transient-page' : 'page';
  }
  if (pathname === '/metrics') return 'network';
  if (!pathname.startsWith('/api/')) return 'network';
  if (isFilePath(pathname) || ['audio', 'video', 'image'].includes(destination)) {
    return 'downloadable';
  }
  if (isNetworkOnlyApiPath(pathname)) return 'network';
  return 'api';
}

/** The key a downloaded file is stored under: the exact address the app requests. */
export const downloadKey = (url: URL): string => url.pathname + url.search;

/** A kept answer as the worker gives it: the same, marked as kept (not the server's of now). */
export function markedKept(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set(KEPT_ANSWER_HEADER, '1');
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
