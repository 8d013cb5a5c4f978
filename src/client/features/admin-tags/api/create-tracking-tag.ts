import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTrackingTagResponse, CreateTrackingTagBody } from '#shared/contracts/admin-tags';
import { apiFetch } from '#client/lib/api-client';
import { trackingTagsQueryOptions } from './get-tracking-tags';

/** 201 with the stored tag; 400 VALIDATION_ERROR with `details.fields` per field. */
export const createTrackingTag = (body: CreateTrackingTagBody) =>
  apiFetch<AdminTrackingTagResponse>('/api/admin/tracking-tags', { method: 'POST', json: body });

export function useCreateTrackingTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'tracking-tags', 'create'],
    mutationFn: createTrackingTag,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: trackingTagsQueryOptions().queryKey }),
  });
}
