import { useMemo } from 'react';
import { siteIdentity, type SiteIdentity } from '#shared/site-identity';
import { useSiteSettings } from '#client/lib/api/site/get-site-settings';

/**
 * The platform's name and description as the administrator set them (the site settings every
 * page inlines), or the defaults while they are unknown.
 */
export function useSiteIdentity(): SiteIdentity {
  const values = useSiteSettings().data?.values;
  return useMemo(() => siteIdentity(values), [values]);
}
