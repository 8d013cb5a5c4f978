import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoryListResponse } from '#shared/contracts/stories';
import { INLINED_KEYS } from '#shared/server-render';
import { apiFetch } from '#client/lib/api-client';
import { inlinedDataUpdatedAt, readInlinedData } from '#client/lib/inlined-data';
import { storiesQueryRoot } from '#client/lib/query-client';

// The response is typed from the shared contract but not re-validated here: zod stays out of the
// first-load bundle, and the server validates its responses against the same schema.
export const getStories = (signal?: AbortSignal): Promise<StoryListResponse> =>
  apiFetch<StoryListResponse>('/api/stories', { signal });

/** Published stories with their chapters in position order; cached 5 minutes (spec). */
export const storiesQueryOptions = () =>
  queryOptions({
    queryKey: storiesQueryRoot,
    queryFn: ({ signal }) => getStories(signal),
    select: (data) => data.stories,
    initialData: () => readInlinedData<StoryListResponse>(INLINED_KEYS.stories),
    initialDataUpdatedAt: inlinedDataUpdatedAt,
  });

export const useStories = () => useQuery(storiesQueryOptions());
