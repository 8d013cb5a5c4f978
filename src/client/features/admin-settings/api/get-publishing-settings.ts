import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublishingSettings } from '#shared/contracts/publishing';
import { apiFetch } from '#client/lib/api-client';

export type PublishingSettingsResponse = { settings: PublishingSettings };

export const getPublishingSettings = (signal?: AbortSignal) =>
  apiFetch<PublishingSettingsResponse>('/api/admin/publishing-settings', { signal });

export const publishingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'settings', 'publishing'] as const,
    queryFn: ({ signal }) => getPublishingSettings(signal),
    select: (data) => data.settings,
  });

/** Whether unreviewed machine translations may be published (decision 043). */
export const usePublishingSettings = () => useQuery(publishingSettingsQueryOptions());
