import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ReviewAnswer } from '#shared/contracts/review';
import { reviewSummaryKey } from '#client/lib/api/review/get-review-summary';
import { getSyncEngine } from '#client/lib/sync/sync-engines';
import { useSyncDeliveries, useSyncEntries, useSyncWaiting } from '#client/lib/sync/use-sync';
import { reviewAnswerSync } from '../answer-sync';

/**
 * The page's ratings on their way to the server, through the learner-sync engine (decision 057):
 * `record` keeps a rating (in localStorage before anything is sent); ratings given within 1.5 s go
 * out in one batch, retried with back-off, at once on reconnect and when the page is hidden.
 * `pending` counts the ratings not yet accepted, `failing` says the last attempt failed.
 */
export function useReviewAnswers(userId: string) {
  const queryClient = useQueryClient();
  const pending = useSyncEntries(userId, reviewAnswerSync).length;
  const failing = useSyncWaiting(userId, reviewAnswerSync);
  useSyncDeliveries(userId, reviewAnswerSync, (result) => {
    queryClient.setQueryData(reviewSummaryKey, {
      dueCount: result.counts.dueCount,
      newAvailable: result.counts.newAvailable,
    });
  });
  const record = useCallback(
    (answer: ReviewAnswer) => void getSyncEngine(userId).add(reviewAnswerSync, answer),
    [userId],
  );
  return { record, pending, failing };
}
