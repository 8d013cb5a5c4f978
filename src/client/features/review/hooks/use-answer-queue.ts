import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReviewAnswer } from '#shared/contracts/review';
import { reviewSummaryKey } from '#client/lib/api/review/get-review-summary';
import { sendReviewAnswers } from '../api/review-api';
import { AnswerQueue, answerQueueKey } from '../answer-queue';

/** Ratings given within this time go out together. */
const BATCH_DELAY_MS = 1500;
/** After a failed send: wait 2, 5, 10, then every 30 s (and at once when the browser is back online). */
const RETRY_DELAYS_MS = [2000, 5000, 10_000, 30_000];

/**
 * The page's answer queue: `record` keeps a rating (localStorage first) and schedules a batch;
 * batches are retried with back-off, on reconnect and when the page is hidden. `pending` counts
 * the ratings not yet accepted by the server.
 */
export function useAnswerQueue(userId: string) {
  const queryClient = useQueryClient();
  const [queue] = useState(
    () =>
      new AnswerQueue({
        storage: window.localStorage,
        storageKey: answerQueueKey(userId),
        send: sendReviewAnswers,
      }),
  );
  const [pending, setPending] = useState(() => queue.pending().length);
  const [failing, setFailing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const attempt = useRef(0);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    try {
      const result = await queue.flush();
      attempt.current = 0;
      setFailing(false);
      if (result) {
        queryClient.setQueryData(reviewSummaryKey, {
          dueCount: result.counts.dueCount,
          newAvailable: result.counts.newAvailable,
        });
      }
      if (queue.pending().length > 0) timer.current = setTimeout(() => void flush(), 0);
    } catch {
      setFailing(true);
      const delay = RETRY_DELAYS_MS[Math.min(attempt.current, RETRY_DELAYS_MS.length - 1)]!;
      attempt.current += 1;
      timer.current = setTimeout(() => void flush(), delay);
    } finally {
      setPending(queue.pending().length);
    }
  }, [queue, queryClient]);

  const record = useCallback(
    (answer: ReviewAnswer) => {
      queue.add(answer);
      setPending(queue.pending().length);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), BATCH_DELAY_MS);
    },
    [queue, flush],
  );

  useEffect(() => {
    // Ratings left from an earlier visit (offline, or a tab closed before they went out).
    if (queue.pending().length > 0) void flush();
    const onOnline = () => void flush();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onHidden);
      clearTimeout(timer.current);
      // Leaving the page: send what is left now (kept in storage if that fails).
      if (queue.pending().length > 0) void queue.flush().catch(() => {});
    };
  }, [queue, flush]);

  return { record, flush, pending, failing };
}
