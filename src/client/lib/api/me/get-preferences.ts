import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { preferencesResponseSchema } from '#shared/contracts/me';
import { apiFetch } from '#client/lib/api-client';

export type PreferencesResponse = z.infer<typeof preferencesResponseSchema>;

export const preferencesQueryKey = ['me', 'preferences'] as const;

export const getPreferences = (signal?: AbortSignal) =>
  apiFetch<PreferencesResponse>('/api/me/preferences', { signal });

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: preferencesQueryKey,
    queryFn: ({ signal }) => getPreferences(signal),
    select: (data) => data.preferences,
  });

export const usePreferences = () => useQuery(preferencesQueryOptions());
