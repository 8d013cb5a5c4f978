import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '#shared/contracts/jobs';
import { apiFetch } from '#client/lib/api-client';
import { studioChapterPath, studioQueryRoot } from './get-studio-chapter';

export const getLatestAlignment = (chapterId: string, signal?: AbortSignal) =>
  apiFetch<{ job: Job | null }>(`${studioChapterPath(chapterId)}/alignment`, { signal });

export const latestAlignmentQueryOptions = (chapterId: string) =>
  queryOptions({
    queryKey: [...studioQueryRoot, chapterId, 'alignment'] as const,
    queryFn: ({ signal }) => getLatestAlignment(chapterId, signal),
    select: (data) => data.job,
    staleTime: 0,
  });

/** The chapter's latest alignment job, if any: one still running when the page opens is followed. */
export const useLatestAlignment = (chapterId: string) =>
  useQuery(latestAlignmentQueryOptions(chapterId));
