import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LogoInput, LogoResponse } from '#shared/contracts/admin-settings';
import { apiFetch } from '#client/lib/api-client';
import { siteSettingsQueryOptions } from '#client/lib/api/site/get-site-settings';
import { logoQueryOptions } from './get-logo';
import { refreshSiteData } from './refresh-site-data';

export const updateLogo = (input: LogoInput) =>
  apiFetch<LogoResponse>('/api/admin/logo', { method: 'PUT', json: input });

/**
 * Makes a new logo the active one. The header shows it at once (its cached site settings are
 * rewritten here), and the browser's own copy of the site settings is replaced for later pages.
 */
export function useUpdateLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'settings', 'logo', 'update'],
    mutationFn: updateLogo,
    onSuccess: (data) => {
      queryClient.setQueryData(logoQueryOptions().queryKey, data);
      const logo = data.logo ? { url: data.logo.logoUrl, altText: data.logo.altText } : null;
      queryClient.setQueryData(siteSettingsQueryOptions().queryKey, (site) =>
        site ? { ...site, logo } : site,
      );
      // Best effort: at worst another page shows the old logo for up to a minute.
      refreshSiteData().catch(() => undefined);
    },
  });
}
