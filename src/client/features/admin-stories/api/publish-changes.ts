import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminStory } from '#shared/contracts/admin-stories';
import { apiFetch } from '#client/lib/api-client';
import { refreshStories, replaceInList } from './story-mutations';

/** The working copy of a published story becomes what learners see (decision 021). */
export const publishChanges = (id: string) =>
  apiFetch<{ story: AdminStory }>(`/api/admin/stories/${encodeURIComponent(id)}/publish-changes`, {
    method: 'POST',
  });

export function usePublishChanges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'stories', 'publish-changes'],
    mutationFn: async (story: Pick<AdminStory, 'id'>) => (await publishChanges(story.id)).story,
    // Publishing twice is harmless, but the admin sees the outcome of the one press they made.
    retry: false,
    onSuccess: (story) => {
      replaceInList(queryClient, story);
      void refreshStories(queryClient);
    },
  });
}
