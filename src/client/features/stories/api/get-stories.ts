import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoryListResponse } from '#shared/contracts/stories';
import { apiFetch } from '#client/lib/api-client';

// The response is typed from the shared contract but not re-validated here: zod stays out of the
// first-load bundle, and the server validates its responses against the same schema.
export const getStories = (signal?: AbortSignal): Promise<StoryListResponse> =>
  apiFetch<StoryListResponse>('/api/stories', { signal });

export const storiesQueryOptions = () =>
  queryOptions({
    queryKey: ['stories'] as const,
    queryFn: ({ signal }) => getStories(signal),
    select: (data) => data.stories,
  });

export const useStories = () => useQuery(storiesQueryOptions());
