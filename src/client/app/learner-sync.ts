import type { QueryClient } from '@tanstack/react-query';
import { bookmarkSync } from '#client/features/player/api/bookmark-sync';
import { listeningSync } from '#client/features/player/progress/listening-sync';
import { progressSync } from '#client/features/player/progress/progress-sync';
import { progressAt } from '#shared/player/progress-rules';
import { practiceAnswerSync } from '#client/features/practice/answer-sync';
import { reviewAnswerSync } from '#client/features/review/answer-sync';
import { savedItemSync } from '#client/lib/api/saved-items/saved-item-sync';
import { meQueryRoot, storyKnowledgeQueryKey } from '#client/lib/query-client';
import { registerSyncKind, type SyncEngine } from '#client/lib/sync/sync-engine';
import { getSyncEngine } from '#client/lib/sync/sync-engines';
import { startSyncFlusher } from '#client/lib/sync/sync-flusher';

/**
 * Every kind of learner write (decision 057). Listed here so what a tab left of any kind is sent
 * from whatever page is open; a new kind joins this list (src/client/lib/sync/sync-kind.ts).
 */
export const learnerSyncKinds = [
  progressSync,
  listeningSync,
  bookmarkSync,
  savedItemSync,
  reviewAnswerSync,
  practiceAnswerSync,
] as const;

/**
 * Starts the app-wide flusher for a signed-in learner; returns its stop function. After a flush
 * delivered what waited, the learner's data on screen is read again.
 */
export function startLearnerSync(userId: string, queryClient: QueryClient): () => void {
  for (const kind of learnerSyncKinds) registerSyncKind(kind);
  const engine = getSyncEngine(userId);
  const stopRefreshing = refreshKnownWords(engine, queryClient);
  const stopFlusher = startSyncFlusher(engine, {
    delivered: () => void queryClient.invalidateQueries({ queryKey: meQueryRoot }),
  });
  return () => {
    stopFlusher();
    stopRefreshing();
  };
}

/**
 * The words a learner knows change when a chapter is completed or a review answered (decision
 * 067): whichever page sent it, the stories' shares are read again once the server has it.
 */
export function refreshKnownWords(engine: SyncEngine, queryClient: QueryClient): () => void {
  const refresh = () => void queryClient.invalidateQueries({ queryKey: storyKnowledgeQueryKey });
  const stops = [
    engine.onDelivered(progressSync, (_answer, saves) => {
      const completes = saves.some(
        ({ data }) => progressAt(data.positionSeconds, data.durationSeconds).completed,
      );
      if (completes) refresh();
    }),
    engine.onDelivered(reviewAnswerSync, refresh),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
