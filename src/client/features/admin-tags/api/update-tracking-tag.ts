import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTrackingTagResponse, UpdateTrackingTagBody } from '#shared/contracts/admin-tags';
import { apiFetch } from '#client/lib/api-client';
import { trackingTagsQueryOptions } from './get-tracking-tags';

export interface UpdateTrackingTagInput {
  id: string;
  /** Only these fields change (the list's switch sends `isActive` alone). */
  changes: UpdateTrackingTagBody;
}

/** 200 with the stored tag; 400 VALIDATION_ERROR with `details.fields`; 404 when it is gone. */
export const updateTrackingTag = ({ id, changes }: UpdateTrackingTagInput) =>
  apiFetch<AdminTrackingTagResponse>(`/api/admin/tracking-tags/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: changes,
  });

export function useUpdateTrackingTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'tracking-tags', 'update'],
    mutationFn: updateTrackingTag,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: trackingTagsQueryOptions().queryKey }),
  });
}
