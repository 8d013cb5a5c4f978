import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client';
import { adminStoriesQueryOptions } from '#client/lib/api/admin/get-admin-stories';
import { refreshStories } from './story-mutations';

/** Deletes a story with its chapters (and their learners' progress). */
export const deleteStory = (id: string) =>
  apiFetch<void>(`/api/admin/stories/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'stories', 'delete'],
    mutationFn: (id: string) => deleteStory(id),
    onSuccess: (_data, id) => {
      queryClient.setQueryData(adminStoriesQueryOptions().queryKey, (data) =>
        data ? { stories: data.stories.filter((story) => story.id !== id) } : data,
      );
      void refreshStories(queryClient);
    },
  });
}
