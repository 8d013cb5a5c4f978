import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformSettings } from '#shared/contracts/admin-settings';
import { apiFetch } from '#client/lib/api-client';

export type PlatformSettingsResponse = { settings: PlatformSettings };

export const getPlatformSettings = (signal?: AbortSignal) =>
  apiFetch<PlatformSettingsResponse>('/api/admin/platform-settings', { signal });

export const platformSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'settings', 'platform'] as const,
    queryFn: ({ signal }) => getPlatformSettings(signal),
    select: (data) => data.settings,
  });

/** Platform name, description and support email. */
export const usePlatformSettings = () => useQuery(platformSettingsQueryOptions());
