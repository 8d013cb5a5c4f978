import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Preferences } from '#shared/contracts/me';
import { apiFetch } from '#client/lib/api-client';

export interface PreferencesResponse {
  preferences: Preferences & { updatedAt: string | null };
}

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
