import { useMemo, type ReactNode } from 'react';
import { siteIdentity } from '#shared/site-identity';
import { useSiteSettings } from '#client/lib/api/site/get-site-settings';
import { SiteIdentityContext } from '#client/lib/site-identity';

/** Gives every page the platform's identity from the site settings (defaults while unknown). */
export function SiteIdentityProvider({ children }: { children: ReactNode }) {
  const values = useSiteSettings().data?.values;
  const identity = useMemo(() => siteIdentity(values), [values]);
  return <SiteIdentityContext value={identity}>{children}</SiteIdentityContext>;
}
