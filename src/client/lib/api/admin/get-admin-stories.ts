import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminStory, adminStoryListResponseSchema } from '#shared/contracts/admin-stories';
import { apiFetch } from '#client/lib/api-client';

export type AdminStoryListResponse = z.infer<typeof adminStoryListResponseSchema>;

/**
 * Every admin story query sits under this root (the list and the wizard's detail): a change to
 * stories or to their chapters' files refreshes them all.
 */
export const adminStoriesQueryRoot = ['admin', 'stories'] as const;

export const getAdminStories = (signal?: AbortSignal) =>
  apiFetch<AdminStoryListResponse>('/api/admin/stories', { signal });

export const adminStoriesQueryOptions = () =>
  queryOptions({
    queryKey: [...adminStoriesQueryRoot, 'list'] as const,
    queryFn: ({ signal }) => getAdminStories(signal),
    select: (data): AdminStory[] => data.stories,
  });

/** Every story, drafts included, by position (the Stories tab dashboard). */
export const useAdminStories = () => useQuery(adminStoriesQueryOptions());
