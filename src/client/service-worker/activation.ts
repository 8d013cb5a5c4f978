import { PAGES_CACHE } from '#shared/offline/offline-storage';

/**
 * When a new version of the worker activates (decision 039): the pages kept until then name the
 * hashed /assets/* of the build they came from, which leave the precache now; opened offline
 * they would ask for scripts that exist nowhere. They go, and the new build's app shell (precached)
 * answers in their place until the pages are visited again.
 */
export async function dropPagesOfOlderBuilds(storage: Pick<CacheStorage, 'delete'>): Promise<void> {
  await storage.delete(PAGES_CACHE);
}
