import { WRITER_ACCOUNT_HEADER } from '#shared/offline/account-stamp';
import { offlineTexts } from '#client/lib/offline/offline-texts';
import { doubtSession, syncAccount } from '#client/lib/sync/sync-account';

/**
 * The one HTTP client of the browser app. It speaks JSON to our own API (same origin, cookie
 * session) and turns every failure into an `ApiError`; callers decide whether to toast.
 */

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got a response. */
  readonly status: number;
  /** The API's machine-readable code (see `#shared/errors`), or NETWORK_ERROR / INVALID_RESPONSE. */
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** What a failed request tells the user: the server's own words when it asks them to wait (429). */
export const rateLimitedMessageOr = (error: unknown, fallback: string): string =>
  isApiError(error) && error.status === 429 ? error.message : fallback;

export interface ApiFetchInit extends Omit<RequestInit, 'body'> {
  /** Serialised as JSON with `content-type: application/json`. */
  json?: unknown;
  /** A raw body (FormData for uploads, for instance); the browser sets its content type. */
  body?: BodyInit | null;
  /** Hears the answer's headers (a successful one), for the rare caller that needs them. */
  onHeaders?: (headers: Headers) => void;
}

const isAbort = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === 'AbortError';

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  return JSON.parse(text) as unknown;
}

async function toApiError(response: Response): Promise<ApiError> {
  const fallback = new ApiError(
    response.status,
    `HTTP_${response.status}`,
    response.statusText || `Request failed with status ${response.status}`,
  );
  let body: unknown;
  try {
    body = await readBody(response);
  } catch {
    return fallback;
  }
  if (body === undefined) return fallback;
  // zod is only needed on this (rare) path: loading it lazily keeps it out of the first-load bundle.
  const { apiErrorSchema } = await import('#shared/errors');
  const parsed = apiErrorSchema.safeParse(body);
  if (!parsed.success) return fallback;
  const { code, message, details } = parsed.data.error;
  return new ApiError(response.status, code, message, details);
}

/**
 * `fetch` for `/api/*`: resolves with the parsed JSON body (undefined for an empty body such as
 * 204), rejects with `ApiError`. An aborted request rejects with the original AbortError so query
 * cancellation stays silent.
 */
export async function apiFetch<T>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const { json, headers: initHeaders, body: rawBody, onHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  // A change names the account this page believes is signed in (decision 076): a tab left
  // behind after another account signed in elsewhere is refused (401) rather than writing into
  // that account; the learner-sync engine then keeps its entries for their own account.
  const writer = syncAccount();
  const method = (rest.method ?? 'GET').toUpperCase();
  if (writer && method !== 'GET' && method !== 'HEAD') headers.set(WRITER_ACCOUNT_HEADER, writer);
  let body: BodyInit | null | undefined = rawBody;
  if (json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(json);
  }

  let response: Response;
  try {
    response = await fetch(path, { ...rest, headers, body, credentials: 'same-origin' });
  } catch (error) {
    if (isAbort(error)) throw error;
    const cause = error instanceof Error ? error.message : String(error);
    // Offline, the service worker answers what it saved (GETs); anything else needs the network,
    // and the learner is told so rather than that the server is unreachable (issue 15).
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      throw new ApiError(0, 'NETWORK_ERROR', offlineTexts.needsConnection, {
        cause,
        offline: true,
      });
    }
    throw new ApiError(0, 'NETWORK_ERROR', offlineTexts.serverUnreachable, { cause });
  }

  if (!response.ok) {
    // Refused as not signed in: the page learns who is signed in now, not at its next check.
    if (response.status === 401 && headers.has(WRITER_ACCOUNT_HEADER)) doubtSession();
    throw await toApiError(response);
  }
  onHeaders?.(response.headers);

  try {
    return (await readBody(response)) as T;
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(
      response.status,
      'INVALID_RESPONSE',
      'The server sent a response that could not be read.',
    );
  }
}
