import type { ErrorDetails } from '#shared/errors';
import { isApiError, type ApiError } from '#client/lib/api-client';

/**
 * A failure whose message is meant for the user: an answer the server gave about this request
 * (4xx), or a request made offline, which says it needs a connection (issue 15). Other network
 * failures, 5xx answers (whose messages the server hides) and bugs are "unexpected".
 */
export const isRefusal = (error: unknown): error is ApiError =>
  isApiError(error) &&
  ((error.status >= 400 && error.status < 500) ||
    (error.details as { offline?: unknown } | undefined)?.offline === true);

/** The broken password rules the server lists in the error details' `problems`, if any. */
export const problemsOf = (error: ApiError): string[] =>
  // The API client read the body with the shared error shape (apiErrorSchema).
  (error.details as ErrorDetails | undefined)?.problems ?? [];
