import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Preferences } from '#shared/contracts/me';
import { apiFetch } from '#client/lib/api-client';
import { preferencesQueryKey, type PreferencesResponse } from './get-preferences';

/** Saves only the fields given (spec: each change upserts the changed field). */
export const updatePreferences = (changes: Partial<Preferences>) =>
  apiFetch<PreferencesResponse>('/api/me/preferences', { method: 'PATCH', json: changes });

/**
 * Optimistic: the form shows the new value at once and returns to the saved one if the server
 * refuses it.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['me', 'preferences', 'update'],
    mutationFn: updatePreferences,
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: preferencesQueryKey });
      const previous = queryClient.getQueryData<PreferencesResponse>(preferencesQueryKey);
      if (previous) {
        queryClient.setQueryData<PreferencesResponse>(preferencesQueryKey, {
          preferences: { ...previous.preferences, ...changes },
        });
      }
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(preferencesQueryKey, context.previous);
    },
    onSuccess: (data) => queryClient.setQueryData(preferencesQueryKey, data),
  });
}
