import { queryOptions, useQuery } from '@tanstack/react-query';
// Types only: zod stays out of the chunks that save a preference (the header's theme toggle).
import type { z } from 'zod';
import type { preferencesResponseSchema } from '#shared/contracts/me';
import { apiFetch } from '#client/lib/api-client';

export type PreferencesResponse = z.infer<typeof preferencesResponseSchema>;

export const getPreferences = (signal?: AbortSignal) =>
  apiFetch<PreferencesResponse>('/api/me/preferences', { signal });

/** One cache entry for the profile and the listening pages: a change saved in one shows in the other. */
export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'preferences'] as const,
    queryFn: ({ signal }) => getPreferences(signal),
    select: (data) => data.preferences,
  });

export const usePreferences = () => useQuery(preferencesQueryOptions());
