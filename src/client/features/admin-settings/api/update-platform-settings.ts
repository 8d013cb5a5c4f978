import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlatformSettings } from '#shared/contracts/admin-settings';
import { apiFetch } from '#client/lib/api-client';
import {
  platformSettingsQueryOptions,
  type PlatformSettingsResponse,
} from './get-platform-settings';

export const updatePlatformSettings = (settings: PlatformSettings) =>
  apiFetch<PlatformSettingsResponse>('/api/admin/platform-settings', {
    method: 'PUT',
    json: settings,
  });

export function useUpdatePlatformSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'settings', 'platform', 'update'],
    mutationFn: updatePlatformSettings,
    onSuccess: (data) => queryClient.setQueryData(platformSettingsQueryOptions().queryKey, data),
  });
}
