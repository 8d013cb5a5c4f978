import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Preferences } from '#shared/contracts/me';
import { apiFetch } from '#client/lib/api-client';
import { preferencesQueryOptions, type PreferencesResponse } from './get-preferences';

/** Saves only the fields given (spec: each change upserts the changed field). */
export const updatePreferences = (changes: Partial<Preferences>) =>
  apiFetch<PreferencesResponse>('/api/me/preferences', { method: 'PATCH', json: changes });

/**
 * Saves without a message (the header's theme toggle): the cache takes the answer, a failure is
 * ignored (the change already applies locally).
 */
export async function savePreferencesQuietly(
  queryClient: QueryClient,
  changes: Partial<Preferences>,
): Promise<void> {
  try {
    queryClient.setQueryData(preferencesQueryOptions().queryKey, await updatePreferences(changes));
  } catch {
    // The account keeps its previous value.
  }
}

/** Saves a change; the cached preferences take the server's answer. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['me', 'preferences', 'update'],
    mutationFn: updatePreferences,
    onSuccess: (data) => queryClient.setQueryData(preferencesQueryOptions().queryKey, data),
  });
}
