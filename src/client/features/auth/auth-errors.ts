import { isApiError, type ApiError } from '#client/lib/api-client';

/**
 * An answer the server gave about this request (4xx): its message is meant for the user. Network
 * failures, 5xx answers (whose messages the server hides) and bugs are "unexpected".
 */
export const isRefusal = (error: unknown): error is ApiError =>
  isApiError(error) && error.status >= 400 && error.status < 500;

/** The broken password rules the server lists in `details.problems`, if any. */
export function problemsOf(error: ApiError): string[] {
  const details = error.details as { problems?: unknown } | null | undefined;
  const problems = details?.problems;
  return Array.isArray(problems) ? problems.filter((p): p is string => typeof p === 'string') : [];
}
