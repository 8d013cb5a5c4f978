import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminStory } from '#shared/contracts/admin-stories';
import { apiFetch } from '#client/lib/api-client';
import { refreshStories, replaceInList } from './story-mutations';

/** Flips whether the story's chapters play only for signed-in learners. */
export const toggleRequiresLogin = (id: string) =>
  apiFetch<{ story: AdminStory }>(`/api/admin/stories/${encodeURIComponent(id)}/requires-login`, {
    method: 'POST',
  });

export function useToggleRequiresLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'stories', 'requires-login'],
    mutationFn: async (story: Pick<AdminStory, 'id'>) =>
      (await toggleRequiresLogin(story.id)).story,
    onSuccess: (story) => {
      replaceInList(queryClient, story);
      void refreshStories(queryClient);
    },
  });
}
