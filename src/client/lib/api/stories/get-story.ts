import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Story } from '#shared/contracts/stories';
import { apiFetch } from '#client/lib/api-client';
import { storiesQueryRoot } from '#client/lib/query-client';

export const getStory = (storyId: string, signal?: AbortSignal) =>
  apiFetch<{ story: Story }>(`/api/stories/${encodeURIComponent(storyId)}`, { signal });

export const storyQueryOptions = (storyId: string) =>
  queryOptions({
    queryKey: [...storiesQueryRoot, storyId] as const,
    queryFn: ({ signal }) => getStory(storyId, signal),
    select: (data) => data.story,
  });

export const useStory = (storyId: string | undefined) =>
  useQuery({ ...storyQueryOptions(storyId ?? ''), enabled: Boolean(storyId) });
