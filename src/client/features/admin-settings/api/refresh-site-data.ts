import { apiFetch } from '#client/lib/api-client';

/**
 * Public answers the browser may keep for a minute (`Cache-Control: public, max-age=60`). After a
 * change, fetching them with `cache: 'reload'` replaces the browser's copies, so the next page
 * load shows the change rather than the copy from before it.
 */
const publicSiteData = ['/api/site/settings', '/api/tracking-tags'] as const;

export async function refreshSiteData(): Promise<void> {
  await Promise.all(publicSiteData.map((path) => apiFetch(path, { cache: 'reload' })));
}
