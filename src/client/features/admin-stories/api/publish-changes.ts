import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminStory } from '#shared/contracts/admin-stories';
import type { PublishBody } from '#shared/contracts/publishing';
import { apiFetch } from '#client/lib/api-client';
import type { StatusChange } from './toggle-story-status';
import { refreshStories, replaceInList } from './story-mutations';

/** The working copy of a published story becomes what learners see (decision 021). */
export const publishChanges = (id: string, body: PublishBody = {}) =>
  apiFetch<{ story: AdminStory }>(`/api/admin/stories/${encodeURIComponent(id)}/publish-changes`, {
    method: 'POST',
    json: body,
  });

export function usePublishChanges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'stories', 'publish-changes'],
    mutationFn: async ({ story, body }: StatusChange) =>
      (await publishChanges(story.id, body)).story,
    // Publishing twice is harmless, but the admin sees the outcome of the one press they made.
    retry: false,
    onSuccess: (story) => {
      replaceInList(queryClient, story);
      void refreshStories(queryClient);
    },
  });
}
