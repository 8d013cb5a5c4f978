import type { QueryClient } from '@tanstack/react-query';
import { outboxKey, PROGRESS_QUEUE_KEY, reviewAnswersKey } from '#shared/offline/offline-storage';
import { meQueryRoot } from '#client/lib/query-client';
import { startAppSync, storageHolds, type SyncQueue } from '#client/lib/outbox/app-sync';

/** One key for every account; each save names its user. */
const progressPending = (userId: string) =>
  storageHolds(PROGRESS_QUEUE_KEY, `"userId":${JSON.stringify(userId)}`);

/**
 * Every persistent queue, flushed app-wide (decision 041). The features' queue code is imported
 * only when its storage holds something of this account, so it stays out of the first load.
 */
export const syncQueues: readonly SyncQueue[] = [
  {
    name: 'outbox',
    hasPending: (userId) => storageHolds(outboxKey(userId)),
    load: () => import('#client/lib/outbox/outbox').then((module) => module.flushOutbox),
  },
  {
    name: 'progress',
    hasPending: (userId) => progressPending(userId),
    load: () =>
      import('#client/features/player/progress/flush-pending-progress').then(
        (module) => module.flushPendingProgress,
      ),
  },
  {
    name: 'review answers',
    hasPending: (userId) => storageHolds(reviewAnswersKey(userId)),
    load: () =>
      import('#client/features/review/flush-pending-answers').then(
        (module) => module.flushPendingAnswers,
      ),
  },
];

function forgetKey(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept there either.
  }
}

/**
 * Account deletion (decision 062): what the account left waiting (bookmarks and saved items, review
 * answers, progress saves) can never be sent, and goes unsent. Other accounts' entries stay.
 */
export async function discardQueuedWrites(userId: string): Promise<void> {
  forgetKey(outboxKey(userId));
  forgetKey(reviewAnswersKey(userId));
  if (progressPending(userId)) {
    const { discardPendingProgress } =
      await import('#client/features/player/progress/flush-pending-progress');
    discardPendingProgress(userId);
  }
}

/**
 * After a queue delivered everything it held, the learner's data on screen is read again (not
 * after a failure: offline, that read would fail too and turn lists into errors).
 */
const refreshing = (queues: readonly SyncQueue[], queryClient: QueryClient): SyncQueue[] =>
  queues.map((queue) => ({
    ...queue,
    load: async () => {
      const flush = await queue.load();
      return async (userId: string) => {
        const done = await flush(userId);
        if (done) void queryClient.invalidateQueries({ queryKey: meQueryRoot });
        return done;
      };
    },
  }));

/** Starts the app-wide flusher for a signed-in learner; returns its stop function. */
export const startSync = (userId: string, queryClient: QueryClient) =>
  startAppSync({ userId, queues: refreshing(syncQueues, queryClient) }).stop;
