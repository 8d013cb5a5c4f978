import { createHash } from 'node:crypto';
import type { PublicTrackingTag } from '#shared/contracts/site';
import { planTrackingTags } from '#shared/discover/tracking';
import type { CspAdditions } from '../../lib/http/security.ts';

/** Where each provider's script sends its beacons and loads its pixels from. */
const providerEndpoints: Record<string, CspAdditions> = {
  gtm: {
    'connect-src': ['https://www.googletagmanager.com', 'https://www.google-analytics.com'],
    'img-src': ['https://www.googletagmanager.com', 'https://www.google-analytics.com'],
  },
  ga4: {
    'connect-src': ['https://www.google-analytics.com', 'https://*.google-analytics.com'],
    'img-src': ['https://www.google-analytics.com'],
  },
  facebook: {
    'connect-src': ['https://www.facebook.com'],
    'img-src': ['https://www.facebook.com'],
  },
};

/**
 * What the page's Content-Security-Policy must admit for the active tracking tags: exactly their
 * script origins, their providers' beacon endpoints, and the hash of each custom inline script as
 * the client injects it (the same shared plan computes both).
 */
export function trackingCspAdditions(tags: readonly PublicTrackingTag[]): CspAdditions {
  const additions: Required<Pick<CspAdditions, 'script-src' | 'connect-src' | 'img-src'>> = {
    'script-src': [],
    'connect-src': [],
    'img-src': [],
  };
  for (const plan of planTrackingTags(tags)) {
    for (const source of plan.sources) additions['script-src'].push(new URL(source).origin);
    if (plan.inline) {
      const hash = createHash('sha256').update(plan.inline, 'utf8').digest('base64');
      additions['script-src'].push(`'sha256-${hash}'`);
    }
    const endpoints = plan.provider ? providerEndpoints[plan.provider.type] : undefined;
    additions['connect-src'].push(...(endpoints?.['connect-src'] ?? []));
    additions['img-src'].push(...(endpoints?.['img-src'] ?? []));
  }
  return additions;
}
