import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Story } from '#shared/contracts/stories';
import { inlinedStoryByIdKey } from '#shared/server-render';
import { apiFetch } from '#client/lib/api-client';
import { inlinedDataUpdatedAt, readInlinedData } from '#client/lib/inlined-data';
import { previewKeyPart, withPreview } from '#client/lib/preview';
import { storiesQueryRoot } from '#client/lib/query-client';

export const getStory = (storyId: string, signal?: AbortSignal, preview = false) =>
  apiFetch<{ story: Story }>(withPreview(`/api/stories/${encodeURIComponent(storyId)}`, preview), {
    signal,
  });

/** The story the page's HTML carries by id (a server-rendered player, decision 037), if it is this one. */
const inlinedStory = (storyId: string): { story: Story } | undefined => {
  const inlined = readInlinedData<{ story: Story }>(inlinedStoryByIdKey(storyId));
  return inlined?.story?.id === storyId ? inlined : undefined;
};

/**
 * A story as learners see it, or with `preview` its working copy (decision 021). The published
 * one starts from the page's inlined story.
 */
export const storyQueryOptions = (storyId: string, preview = false) =>
  queryOptions({
    queryKey: [...storiesQueryRoot, storyId, ...previewKeyPart(preview)] as const,
    queryFn: ({ signal }) => getStory(storyId, signal, preview),
    select: (data) => data.story,
    ...(preview
      ? { staleTime: 0 }
      : {
          initialData: () => inlinedStory(storyId),
          initialDataUpdatedAt: () => (inlinedStory(storyId) ? inlinedDataUpdatedAt() : undefined),
        }),
  });

export const useStory = (storyId: string | undefined, preview = false) =>
  useQuery({ ...storyQueryOptions(storyId ?? '', preview), enabled: Boolean(storyId) });
