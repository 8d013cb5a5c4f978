import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoryMove } from '#shared/contracts/admin-stories';
import { apiFetch } from '#client/lib/api-client';
import {
  adminStoriesQueryOptions,
  type AdminStoryListResponse,
} from '#client/lib/api/admin/get-admin-stories';
import { refreshStories } from './story-mutations';

/** One place up or down, or to a place (decision 023); answers the whole list. */
export const moveStory = (id: string, move: StoryMove) =>
  apiFetch<AdminStoryListResponse>(`/api/admin/stories/${encodeURIComponent(id)}/move`, {
    method: 'POST',
    json: move,
  });

export function useMoveStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'stories', 'move'],
    mutationFn: ({ id, move }: { id: string; move: StoryMove }) => moveStory(id, move),
    onSuccess: (data) => {
      queryClient.setQueryData(adminStoriesQueryOptions().queryKey, data);
      void refreshStories(queryClient);
    },
  });
}
