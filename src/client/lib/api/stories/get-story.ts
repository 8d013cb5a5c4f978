import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Story } from '#shared/contracts/stories';
import { apiFetch } from '#client/lib/api-client';
import { previewKeyPart, withPreview } from '#client/lib/preview';
import { storiesQueryRoot } from '#client/lib/query-client';

export const getStory = (storyId: string, signal?: AbortSignal, preview = false) =>
  apiFetch<{ story: Story }>(withPreview(`/api/stories/${encodeURIComponent(storyId)}`, preview), {
    signal,
  });

/** A story as learners see it, or with `preview` its working copy (decision 021). */
export const storyQueryOptions = (storyId: string, preview = false) =>
  queryOptions({
    queryKey: [...storiesQueryRoot, storyId, ...previewKeyPart(preview)] as const,
    queryFn: ({ signal }) => getStory(storyId, signal, preview),
    select: (data) => data.story,
    ...(preview ? { staleTime: 0 } : {}),
  });

export const useStory = (storyId: string | undefined, preview = false) =>
  useQuery({ ...storyQueryOptions(storyId ?? '', preview), enabled: Boolean(storyId) });
