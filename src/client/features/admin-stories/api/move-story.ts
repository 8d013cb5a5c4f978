import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MoveDirection } from '#shared/contracts/admin-stories';
import { apiFetch } from '#client/lib/api-client';
import {
  adminStoriesQueryOptions,
  type AdminStoryListResponse,
} from '#client/lib/api/admin/get-admin-stories';
import { refreshStories } from './story-mutations';

/** Swaps positions with the story just above or below; answers the whole list. */
export const moveStory = (id: string, direction: MoveDirection) =>
  apiFetch<AdminStoryListResponse>(`/api/admin/stories/${encodeURIComponent(id)}/move`, {
    method: 'POST',
    json: { direction },
  });

export function useMoveStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'stories', 'move'],
    mutationFn: ({ id, direction }: { id: string; direction: MoveDirection }) =>
      moveStory(id, direction),
    onSuccess: (data) => {
      queryClient.setQueryData(adminStoriesQueryOptions().queryKey, data);
      void refreshStories(queryClient);
    },
  });
}
