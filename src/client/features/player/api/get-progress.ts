import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChapterProgress } from '#shared/contracts/progress';
import { apiFetch } from '#client/lib/api-client';
import { useAuth } from '#client/lib/auth/auth-context';
import { browserSyncEngine } from '#client/lib/sync/sync-engines';
import type { SyncEntry } from '#client/lib/sync/sync-kind';
import { progressSync, type ProgressSave } from '../progress/progress-sync';

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
 * The position to resume from: the learner's own save still waiting in the browser (decision 057)
 * when it is newer than what the answer says (offline the answer is the one last synced, issue
 * 15), or when there is no answer at all.
 */
export function newestProgress(
  stored: ChapterProgress | null | undefined,
  waiting: SyncEntry<ProgressSave> | undefined,
): ChapterProgress | null | undefined {
  if (!waiting) return stored;
  const storedAt = stored?.savedAt ?? stored?.lastAccessedAt;
  if (stored && storedAt && Date.parse(storedAt) >= waiting.madeAt) return stored;
  const savedAt = new Date(waiting.madeAt).toISOString();
  return {
    chapterId: waiting.data.chapterId,
    progressPercentage: stored?.progressPercentage ?? 0,
    completed: stored?.completed ?? false,
    lastPositionSeconds: waiting.data.positionSeconds,
    lastAccessedAt: savedAt,
    savedAt,
  };
}

/** The signed-in learner's progress of a chapter, their saves not yet delivered included. */
export function useChapterProgress(chapterId: string, enabled: boolean) {
  const { user } = useAuth();
  const query = useQuery({ ...chapterProgressQueryOptions(chapterId), enabled });
  const settled = !query.isPending;
  const userId = user?.id;
  // Read when the answer comes, not followed: the player's own saves meanwhile move nothing.
  const data = useMemo(() => {
    const engine = browserSyncEngine(userId);
    if (!settled || !engine) return query.data;
    const waiting = engine
      .entriesOf(progressSync)
      .filter((save) => save.data.chapterId === chapterId)
      .at(-1);
    return newestProgress(query.data, waiting);
  }, [settled, userId, chapterId, query.data]);
  return { isPending: query.isPending, data };
}
