import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client';
import { trackingTagsQueryOptions } from './get-tracking-tags';

/** 204; 404 when the tag is already gone. */
export const deleteTrackingTag = (id: string) =>
  apiFetch<void>(`/api/admin/tracking-tags/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteTrackingTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'tracking-tags', 'delete'],
    mutationFn: deleteTrackingTag,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: trackingTagsQueryOptions().queryKey }),
  });
}
