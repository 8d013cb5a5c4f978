import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoryInput, StorySaveResponse } from '#shared/contracts/admin-stories';
import { apiFetch } from '#client/lib/api-client';
import { refreshStories } from './story-mutations';

/**
 * Creates a story (always a draft) with its chapters; chapters sent with a text are aligned with
 * their audio (the answer lists those alignments).
 */
export const createStory = (input: StoryInput) =>
  apiFetch<StorySaveResponse>('/api/admin/stories', { method: 'POST', json: input });

/** Replaces a story's fields and chapters; chapters sent with their id keep it. */
export const updateStory = (id: string, input: StoryInput) =>
  apiFetch<StorySaveResponse>(`/api/admin/stories/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: input,
  });

/**
 * Create (no `storyId`) or update. On success the admin lists and counts and the learners' story
 * queries are refreshed: a published story's new title or chapters show at once.
 */
export function useSaveStory(storyId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'stories', storyId === undefined ? 'create' : 'update'],
    mutationFn: (input: StoryInput) =>
      storyId === undefined ? createStory(input) : updateStory(storyId, input),
    // Never repeated behind the admin's back: a create that failed late may have half happened.
    retry: false,
    onSuccess: () => {
      void refreshStories(queryClient);
    },
  });
}
