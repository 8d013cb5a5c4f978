import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client';
import { refreshSiteData } from './refresh-site-data';

export const clearServerCache = () =>
  apiFetch<{ cleared: true }>('/api/admin/cache/clear', { method: 'POST' });

/** Everything the Cache Storage API holds for this origin (nothing unless a worker stored some). */
async function clearCacheStorage(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  const results = await Promise.all(names.map((name) => caches.delete(name)));
  if (results.some((deleted) => !deleted)) throw new Error('A cache could not be deleted');
}

/**
 * Drops the cached data: the server's site settings, the browser's copies of the public site
 * data (refetched past its HTTP cache), TanStack Query's cache and Cache Storage.
 * The session is an httpOnly cookie and stays. localStorage and sessionStorage are left alone:
 * they hold preferences, progress not yet sent and the migration history, not caches.
 */
export async function clearAppCaches(queryClient: QueryClient): Promise<void> {
  await clearServerCache();
  await refreshSiteData();
  await queryClient.cancelQueries();
  queryClient.getQueryCache().clear();
  await clearCacheStorage();
}

export function useClearCache() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'settings', 'clear-cache'],
    mutationFn: () => clearAppCaches(queryClient),
  });
}
