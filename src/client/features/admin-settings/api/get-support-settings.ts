import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { supportSettingsResponseSchema } from '#shared/contracts/support';
import { apiFetch } from '#client/lib/api-client';

export type SupportSettingsResponse = z.infer<typeof supportSettingsResponseSchema>;
export type SupportSettings = SupportSettingsResponse['settings'];

export const getSupportSettings = (signal?: AbortSignal) =>
  apiFetch<SupportSettingsResponse>('/api/admin/support-settings', { signal });

export const supportSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'settings', 'support'] as const,
    queryFn: ({ signal }) => getSupportSettings(signal),
    select: (data) => data.settings,
  });

/** support_enabled and the first tier's amount and description (key/value strings). */
export const useSupportSettings = () => useQuery(supportSettingsQueryOptions());
