import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteSettings } from '#shared/contracts/site';
import { INLINED_KEYS } from '#shared/server-render';
import { apiFetch } from '#client/lib/api-client';
import { inlinedDataUpdatedAt, readInlinedData } from '#client/lib/inlined-data';

const MINUTE = 60_000;

export const getSiteSettings = (signal?: AbortSignal): Promise<SiteSettings> =>
  apiFetch<SiteSettings>('/api/site/settings', { signal });

/** Site images and the logo: cached 5 minutes, kept 30 (spec). */
export const siteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['site', 'settings'] as const,
    queryFn: ({ signal }) => getSiteSettings(signal),
    staleTime: 5 * MINUTE,
    gcTime: 30 * MINUTE,
    initialData: () => readInlinedData<SiteSettings>(INLINED_KEYS.siteSettings),
    initialDataUpdatedAt: inlinedDataUpdatedAt,
  });

export const useSiteSettings = () => useQuery(siteSettingsQueryOptions());
