import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { ClientErrorCode } from '#shared/client-error-codes';
import { isApiError } from './api-client';
import { logClientError } from './error-log';
import { failedOffline } from './failed-offline';

const MINUTE = 60_000;

/** Every query of the signed-in learner's own data starts with this key (`['me', 'profile']`…). */
export const meQueryRoot = ['me'] as const;

/**
 * The key of how much of each story the learner knows (lib/api/progress/get-story-knowledge.ts).
 * It sits here, in the first load, because the app-wide learner sync refreshes it after a chapter
 * is completed or a review answered without loading the fetcher's contract.
 */
export const storyKnowledgeQueryKey = [...meQueryRoot, 'story-knowledge'] as const;

/**
 * Roots of the query keys that hold the signed-in user's own data (`['me', 'profile']`,
 * `['admin', 'dashboard']`…). They are dropped at every sign-in and sign-out, so one account
 * never sees another's data.
 */
export const USER_QUERY_ROOTS = [meQueryRoot, ['admin']] as const;

/**
 * Every public story query (the list, a story by slug or by id) starts with this key, so an
 * administrator's change refreshes them all. It sits here, in the first load, rather than beside
 * one of the three fetchers: the player and the admin screens name it without loading the list's
 * module, which keeps that module in the same chunk as the pages that show the list.
 */
export const storiesQueryRoot = ['stories'] as const;

/** Maps a failure to the client error-log code of the admin spec's catalogue. */
export function clientErrorCodeFor(error: unknown): ClientErrorCode {
  if (!isApiError(error)) return 'UNKNOWN_ERROR';
  if (error.code === 'NETWORK_ERROR') return 'NETWORK_ERROR';
  if (error.status === 401) return 'AUTH_ERROR';
  if (error.status === 403) return 'PERMISSION_DENIED';
  if (error.status === 400 || error.status === 422 || error.code === 'VALIDATION_ERROR')
    return 'VALIDATION_ERROR';
  return 'UNKNOWN_ERROR';
}

/** At most one retry (spec), and none for answers that cannot change on retry (4xx). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return true;
}

const logFailure = (error: unknown, context: Record<string, unknown>) => {
  // Offline, every request the service worker cannot answer fails: no error of the app's.
  if (failedOffline(error)) return;
  logClientError({
    code: clientErrorCodeFor(error),
    message: error instanceof Error ? error.message : String(error),
    context: isApiError(error)
      ? { ...context, status: error.status, apiCode: error.code }
      : context,
  });
};

/**
 * Spec defaults: stale 5 min, kept 30 min, no refetch on window focus, one retry. Queries run
 * `offlineFirst` (decision 042): offline they still ask, since the service worker answers from
 * its caches what was downloaded or seen last; only their retries wait for the connection.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => logFailure(error, { queryKey: query.queryKey }),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        logFailure(error, { mutationKey: mutation.options.mutationKey }),
    }),
    defaultOptions: {
      queries: {
        staleTime: 5 * MINUTE,
        gcTime: 30 * MINUTE,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
        networkMode: 'offlineFirst',
      },
      // Mutations run offline too: they fail at once with the api-client's "needs a
      // connection" (issue 15) instead of waiting unseen for the network. Offline work that must
      // wait (progress, listening minutes, bookmarks, saved items, review answers) goes through
      // the learner-sync engine (lib/sync, decision 057).
      mutations: {
        retry: shouldRetry,
        networkMode: 'always',
      },
    },
  });
}
