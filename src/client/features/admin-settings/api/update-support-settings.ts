import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateSupportSettingsBody } from '#shared/contracts/support';
import { apiFetch } from '#client/lib/api-client';
import { supportQueryRoot } from '#client/lib/api/support/get-support-status';
import { supportSettingsQueryOptions, type SupportSettingsResponse } from './get-support-settings';

export const updateSupportSettings = (changes: UpdateSupportSettingsBody) =>
  apiFetch<SupportSettingsResponse>('/api/admin/support-settings', {
    method: 'PATCH',
    json: changes,
  });

/** Saves the changed keys; the home page's support section reads the new values next time. */
export function useUpdateSupportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'settings', 'support', 'update'],
    mutationFn: updateSupportSettings,
    onSuccess: (data) => {
      queryClient.setQueryData(supportSettingsQueryOptions().queryKey, data);
      void queryClient.invalidateQueries({ queryKey: supportQueryRoot });
    },
  });
}
