import type { SiteSettings } from '#shared/contracts/site';
import type { CspAdditions } from '../../lib/http/security.ts';

/**
 * The logo and the site images may be https addresses elsewhere (the admin settings accept
 * them): every page shows the header logo, so every page's policy admits exactly their origins.
 */
export function siteImageCspAdditions(settings: SiteSettings | undefined): CspAdditions {
  if (!settings) return {};
  const urls = [settings.logo?.url, ...Object.values(settings.images)];
  const origins = new Set<string>();
  for (const url of urls) {
    if (!url?.startsWith('https://')) continue;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // Not a URL: the browser will not load it either.
    }
  }
  return origins.size > 0 ? { 'img-src': [...origins] } : {};
}
