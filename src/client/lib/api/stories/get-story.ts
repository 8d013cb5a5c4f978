import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Story } from '#shared/contracts/stories';
import { apiFetch } from '#client/lib/api-client';

export const getStory = (storyId: string, signal?: AbortSignal) =>
  apiFetch<{ story: Story }>(`/api/stories/${encodeURIComponent(storyId)}`, { signal });

export const storyQueryOptions = (storyId: string) =>
  queryOptions({
    queryKey: ['stories', storyId] as const,
    queryFn: ({ signal }) => getStory(storyId, signal),
    select: (data) => data.story,
  });

export const useStory = (storyId: string | undefined) =>
  useQuery({ ...storyQueryOptions(storyId ?? ''), enabled: Boolean(storyId) });

/** A story's chapters in reading order. */
export const chaptersInOrder = (story: Pick<Story, 'chapters'>) =>
  [...story.chapters].sort((a, b) => a.position - b.position);
