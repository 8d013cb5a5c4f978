import { createHash } from 'node:crypto';
import type { PublicTrackingTag } from '#shared/contracts/site';
import { planInlineCode, planTrackingTags } from '#shared/discover/tracking';
import type { CspAdditions } from '../../lib/http/security.ts';

type EndpointAdditions = Required<Pick<CspAdditions, 'connect-src' | 'img-src'>>;

const GOOGLE_BEACONS = [
  'https://www.googletagmanager.com',
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

/**
 * Where a known vendor's script, loaded from this origin, sends its beacons and loads its pixels
 * from. A script from any other origin is admitted to report to its own origin only.
 */
const vendorEndpoints: Record<string, EndpointAdditions> = {
  'https://www.googletagmanager.com': { 'connect-src': GOOGLE_BEACONS, 'img-src': GOOGLE_BEACONS },
  'https://connect.facebook.net': {
    'connect-src': ['https://www.facebook.com', 'https://connect.facebook.net'],
    'img-src': ['https://www.facebook.com'],
  },
};

const endpointsOf = (origin: string): EndpointAdditions =>
  vendorEndpoints[origin] ?? { 'connect-src': [origin], 'img-src': [origin] };

/**
 * What the page's Content-Security-Policy must admit for the active tracking tags: exactly the
 * origins they load scripts from (their sources, and those their inline code loads by itself),
 * the SHA-256 of each inline script as the client injects it (the same shared plan computes
 * both), and where those scripts report to.
 */
export function trackingCspAdditions(tags: readonly PublicTrackingTag[]): CspAdditions {
  const additions: Required<Pick<CspAdditions, 'script-src' | 'connect-src' | 'img-src'>> = {
    'script-src': [],
    'connect-src': [],
    'img-src': [],
  };
  for (const plan of planTrackingTags(tags)) {
    for (const origin of plan.origins) {
      additions['script-src'].push(origin);
      const endpoints = endpointsOf(origin);
      additions['connect-src'].push(...endpoints['connect-src']);
      additions['img-src'].push(...endpoints['img-src']);
    }
    for (const code of planInlineCode(plan)) {
      const hash = createHash('sha256').update(code, 'utf8').digest('base64');
      additions['script-src'].push(`'sha256-${hash}'`);
    }
  }
  return additions;
}
