import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { defaultPreferences, type preferencesResponseSchema } from '#shared/contracts/me';
import { apiFetch } from '#client/lib/api-client';

type PreferencesResponse = z.infer<typeof preferencesResponseSchema>;

/** The same key as the profile's preferences: a change saved there is seen here at once. */
export const playerPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'preferences'] as const,
    queryFn: ({ signal }) => apiFetch<PreferencesResponse>('/api/me/preferences', { signal }),
    select: (data) => data.preferences,
  });

/**
 * The signed-in learner's preferences; a visitor (or a failed read) gets the defaults. `ready`
 * once the session is known and, for a learner, the preferences are read.
 */
export function usePlayerPreferences(signedIn: boolean, sessionKnown = true) {
  const query = useQuery({ ...playerPreferencesQueryOptions(), enabled: signedIn });
  return {
    preferences: query.data ?? defaultPreferences,
    ready: sessionKnown && (!signedIn || query.isFetched),
  };
}
