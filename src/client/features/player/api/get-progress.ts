import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChapterProgress } from '#shared/contracts/progress';
import { apiFetch } from '#client/lib/api-client';
import { useAuth } from '#client/lib/auth/auth-context';
import { ProgressQueue, type QueuedSave } from '../progress/progress-queue';

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

/**
 * The position to resume from: the learner's own save still waiting in the browser queue when it
 * is newer than what the answer says (offline the answer is the one last synced, issue 15), or
 * when there is no answer at all.
 */
export function newestProgress(
  stored: ChapterProgress | null | undefined,
  waiting: QueuedSave | undefined,
): ChapterProgress | null | undefined {
  if (!waiting) return stored;
  const storedAt = stored?.savedAt ?? stored?.lastAccessedAt;
  if (stored && storedAt && Date.parse(storedAt) >= waiting.clientTimestamp) return stored;
  return {
    chapterId: waiting.chapterId,
    progressPercentage: stored?.progressPercentage ?? 0,
    completed: stored?.completed ?? false,
    lastPositionSeconds: waiting.positionSeconds,
    lastAccessedAt: new Date(waiting.clientTimestamp).toISOString(),
    savedAt: new Date(waiting.clientTimestamp).toISOString(),
  };
}

/** The signed-in learner's progress of a chapter, their saves not yet delivered included. */
export function useChapterProgress(chapterId: string, enabled: boolean) {
  const { user } = useAuth();
  const query = useQuery({ ...chapterProgressQueryOptions(chapterId), enabled });
  const settled = !query.isPending;
  const userId = user?.id ?? null;
  const data = useMemo(() => {
    if (!settled || userId === null) return query.data;
    const waiting = new ProgressQueue({ userId })
      .pending()
      .filter((save) => save.chapterId === chapterId)
      .at(-1);
    return newestProgress(query.data, waiting);
  }, [settled, userId, chapterId, query.data]);
  return { isPending: query.isPending, data };
}
