import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChapterProgress } from '#shared/contracts/progress';
import { apiFetch } from '#client/lib/api-client';

/** Past this many ids the query string grows too long: ask for all of the user's progress. */
const MAX_IDS_IN_QUERY = 400;

export async function getChaptersProgress(
  chapterIds: readonly string[],
  signal?: AbortSignal,
): Promise<ChapterProgress[]> {
  const query =
    chapterIds.length <= MAX_IDS_IN_QUERY
      ? `?chapterIds=${chapterIds.map(encodeURIComponent).join(',')}`
      : '';
  const { progress } = await apiFetch<{ progress: ChapterProgress[] }>(`/api/progress${query}`, {
    signal,
  });
  return progress;
}

/**
 * The signed-in user's progress on these chapters. Under `me` (dropped at sign-in and sign-out),
 * and always re-read when a page shows it: the learner may have just listened.
 */
export const chaptersProgressQueryOptions = (chapterIds: readonly string[]) => {
  const ids = [...new Set(chapterIds)].sort();
  return queryOptions({
    queryKey: ['me', 'progress', 'chapters', ids.join(',')] as const,
    queryFn: ({ signal }) => getChaptersProgress(ids, signal),
    staleTime: 0,
  });
};

export const useChaptersProgress = (chapterIds: readonly string[], enabled: boolean) =>
  useQuery({
    ...chaptersProgressQueryOptions(chapterIds),
    enabled: enabled && chapterIds.length > 0,
  });
