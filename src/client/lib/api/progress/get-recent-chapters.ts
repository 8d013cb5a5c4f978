import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentChapter } from '#shared/contracts/progress';
import { apiFetch } from '#client/lib/api-client';

export const getRecentChapters = async (signal?: AbortSignal): Promise<RecentChapter[]> => {
  const { chapters } = await apiFetch<{ chapters: RecentChapter[] }>('/api/progress/recent', {
    signal,
  });
  return chapters;
};

/** The last 3 chapters the signed-in user listened to, newest first (spec). */
export const recentChaptersQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'progress', 'recent'] as const,
    queryFn: ({ signal }) => getRecentChapters(signal),
    staleTime: 0,
  });

export const useRecentChapters = (enabled: boolean) =>
  useQuery({ ...recentChaptersQueryOptions(), enabled });
