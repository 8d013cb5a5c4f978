import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublishingSettings } from '#shared/contracts/publishing';
import { apiFetch } from '#client/lib/api-client';
import {
  publishingSettingsQueryOptions,
  type PublishingSettingsResponse,
} from './get-publishing-settings';

export const updatePublishingSettings = (settings: PublishingSettings) =>
  apiFetch<PublishingSettingsResponse>('/api/admin/publishing-settings', {
    method: 'PUT',
    json: settings,
  });

export function useUpdatePublishingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'settings', 'publishing', 'update'],
    mutationFn: updatePublishingSettings,
    onSuccess: (data) => queryClient.setQueryData(publishingSettingsQueryOptions().queryKey, data),
  });
}
