import { describe, expect, it } from 'vitest';
import { API_CACHE, DOWNLOADS_CACHE, PAGES_CACHE } from '#shared/offline/offline-storage';
import { dropPagesOfOlderBuilds } from './activation';

describe('dropPagesOfOlderBuilds', () => {
  it('empties the pages cache (their HTML names the old build’s assets) and nothing else', async () => {
    const names = new Set([PAGES_CACHE, API_CACHE, DOWNLOADS_CACHE, 'workbox-precache-v2-x']);
    await dropPagesOfOlderBuilds({ delete: async (name: string) => names.delete(name) });
    expect([...names].sort()).toEqual([API_CACHE, DOWNLOADS_CACHE, 'workbox-precache-v2-x'].sort());
  });
});
