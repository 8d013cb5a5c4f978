import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlatformSettings } from '#shared/contracts/admin-settings';
import { PLATFORM_SETTING_KEYS } from '#shared/site-identity';
import { apiFetch } from '#client/lib/api-client';
import { siteSettingsQueryOptions } from '#client/lib/api/site/get-site-settings';
import {
  platformSettingsQueryOptions,
  type PlatformSettingsResponse,
} from './get-platform-settings';
import { refreshSiteData } from './refresh-site-data';

export const updatePlatformSettings = (settings: PlatformSettings) =>
  apiFetch<PlatformSettingsResponse>('/api/admin/platform-settings', {
    method: 'PUT',
    json: settings,
  });

/**
 * Saves the platform settings. The header, footer and title name the platform anew at once (the
 * cached site settings are rewritten here), and the browser's own copy of the site settings is
 * replaced for later pages.
 */
export function useUpdatePlatformSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'settings', 'platform', 'update'],
    mutationFn: updatePlatformSettings,
    onSuccess: (data) => {
      queryClient.setQueryData(platformSettingsQueryOptions().queryKey, data);
      const { platformName, platformDescription, supportEmail } = data.settings;
      queryClient.setQueryData(siteSettingsQueryOptions().queryKey, (site) =>
        site
          ? {
              ...site,
              values: {
                ...site.values,
                [PLATFORM_SETTING_KEYS.platformName]: platformName,
                [PLATFORM_SETTING_KEYS.platformDescription]: platformDescription,
                [PLATFORM_SETTING_KEYS.supportEmail]: supportEmail,
              },
            }
          : site,
      );
      // Best effort: at worst another page shows the old name for up to a minute.
      refreshSiteData().catch(() => undefined);
    },
  });
}
