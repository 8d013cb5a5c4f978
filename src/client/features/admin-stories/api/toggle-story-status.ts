import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminStory } from '#shared/contracts/admin-stories';
import { apiFetch } from '#client/lib/api-client';
import { refreshStories, replaceInList } from './story-mutations';

/** published ⇄ draft. */
export const toggleStoryStatus = (id: string) =>
  apiFetch<{ story: AdminStory }>(`/api/admin/stories/${encodeURIComponent(id)}/status`, {
    method: 'POST',
  });

export function useToggleStoryStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'stories', 'status'],
    mutationFn: async (story: Pick<AdminStory, 'id'>) => (await toggleStoryStatus(story.id)).story,
    onSuccess: (story) => {
      replaceInList(queryClient, story);
      void refreshStories(queryClient);
    },
  });
}
