import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Story } from '#shared/contracts/stories';
import { inlinedStoryKey } from '#shared/server-render';
import { apiFetch } from '#client/lib/api-client';
import { inlinedDataUpdatedAt, readInlinedData } from '#client/lib/inlined-data';
import { withPreview } from '#client/lib/preview';
import { storiesQueryRoot } from '#client/lib/query-client';
import { storiesQueryOptions } from './get-stories';

type StoryResponse = { story: Story };

export const getStoryBySlug = (
  slug: string,
  signal?: AbortSignal,
  preview = false,
): Promise<StoryResponse> =>
  apiFetch<StoryResponse>(
    withPreview(`/api/stories/by-slug/${encodeURIComponent(slug)}`, preview),
    { signal },
  );

/**
 * A published story by slug (404 when unknown). It starts from the data already at hand — the
 * HTML's inlined story, or the story list a visitor came from — so the page renders at once.
 */
export const storyBySlugQueryOptions = (slug: string, queryClient: QueryClient) =>
  queryOptions({
    queryKey: [...storiesQueryRoot, 'by-slug', slug] as const,
    queryFn: ({ signal }) => getStoryBySlug(slug, signal),
    select: (data) => data.story,
    initialData: (): StoryResponse | undefined => {
      const inlined = readInlinedData<StoryResponse>(inlinedStoryKey(slug));
      if (inlined?.story?.slug === slug) return inlined;
      const listed = queryClient
        .getQueryData(storiesQueryOptions().queryKey)
        ?.stories.find((story) => story.slug === slug && story.status === 'published');
      return listed ? { story: listed } : undefined;
    },
    initialDataUpdatedAt: () =>
      readInlinedData(inlinedStoryKey(slug)) !== undefined
        ? inlinedDataUpdatedAt()
        : queryClient.getQueryState(storiesQueryOptions().queryKey)?.dataUpdatedAt,
  });

/**
 * A story's working copy by slug, drafts included (administrators only, decision 021). Never
 * started from the page's inlined story or the list: those are what learners see.
 */
export const storyPreviewBySlugQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...storiesQueryRoot, 'by-slug', slug, 'preview'] as const,
    queryFn: ({ signal }) => getStoryBySlug(slug, signal, true),
    select: (data) => data.story,
    staleTime: 0,
  });

export function useStoryBySlug(slug: string, { preview = false, enabled = true } = {}) {
  const queryClient = useQueryClient();
  const published = useQuery({
    ...storyBySlugQueryOptions(slug, queryClient),
    enabled: enabled && !preview,
  });
  const previewed = useQuery({
    ...storyPreviewBySlugQueryOptions(slug),
    enabled: enabled && preview,
  });
  return preview ? previewed : published;
}
