import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminStory } from '#shared/contracts/admin-stories';
import type { PublishBody } from '#shared/contracts/publishing';
import { apiFetch } from '#client/lib/api-client';
import { refreshStories, replaceInList } from './story-mutations';

/** published ⇄ draft; publishing acknowledges what the administrator was shown unreviewed. */
export const toggleStoryStatus = (id: string, body: PublishBody = {}) =>
  apiFetch<{ story: AdminStory }>(`/api/admin/stories/${encodeURIComponent(id)}/status`, {
    method: 'POST',
    json: body,
  });

export interface StatusChange {
  story: Pick<AdminStory, 'id'>;
  body?: PublishBody;
}

export function useToggleStoryStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'stories', 'status'],
    mutationFn: async ({ story, body }: StatusChange) =>
      (await toggleStoryStatus(story.id, body)).story,
    onSuccess: (story) => {
      replaceInList(queryClient, story);
      void refreshStories(queryClient);
    },
  });
}
