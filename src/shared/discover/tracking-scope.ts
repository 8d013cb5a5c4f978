/**
 * Where tracking tags may run at all. Kept apart from the tag rules (tracking.ts) so the client's
 * first load can decide whether to load tags without carrying the rest.
 */

/** Hostnames where no tracking script ever runs (spec: localhost and 127.0.0.1). */
const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export const TRACKING_DISABLED_MESSAGE = 'Tracking scripts disabled on localhost';

export const isTrackingDisabledHost = (hostname: string): boolean =>
  LOCAL_HOSTNAMES.has(hostname.toLowerCase());

/** Spec: never on the administrator's pages (the one rule of what an admin page is). */
export { isAdminPath } from '../page-routes.ts';
