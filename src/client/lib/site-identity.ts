import { createContext, useContext } from 'react';
import { siteIdentity, type SiteIdentity } from '#shared/site-identity';

/**
 * The platform's name and description as the administrator set them. Provided once for the whole
 * app (site-identity-provider.tsx, from the site settings every page inlines); without a
 * provider, the defaults. Kept apart from the provider so that the many components naming the
 * site do not each pull in the settings query.
 */
export const SiteIdentityContext = createContext<SiteIdentity>(siteIdentity(undefined));

export const useSiteIdentity = (): SiteIdentity => useContext(SiteIdentityContext);
