import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChapterProgress } from '#shared/contracts/progress';
import { apiFetch } from '#client/lib/api-client';

export const getChapterProgress = async (chapterId: string, signal?: AbortSignal) => {
  const { progress } = await apiFetch<{ progress: ChapterProgress[] }>(
    `/api/progress?chapterIds=${encodeURIComponent(chapterId)}`,
    { signal },
  );
  return progress.find((entry) => entry.chapterId === chapterId) ?? null;
};

/** Under `me`: dropped at every sign-in and sign-out. */
export const chapterProgressQueryOptions = (chapterId: string) =>
  queryOptions({
    queryKey: ['me', 'progress', 'chapter', chapterId] as const,
    queryFn: ({ signal }) => getChapterProgress(chapterId, signal),
    // The resume position must be the latest one, not a cached page view's.
    staleTime: 0,
  });

export const useChapterProgress = (chapterId: string, enabled: boolean) =>
  useQuery({ ...chapterProgressQueryOptions(chapterId), enabled });
