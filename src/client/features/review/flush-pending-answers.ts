import { logClientError } from '#client/lib/error-log';
import { sendReviewAnswers } from './api/review-api';
import { AnswerQueue, answerQueueKey, isRetryable } from './answer-queue';

/**
 * For the app-wide flusher (decision 041): sends the account's review answers left from an
 * earlier visit (a tab closed offline), whatever page is open, batch after batch. True when none
 * is left; false after a failure that may pass (the flusher tries again later). A refused batch
 * is dropped by the queue and logged here.
 */
export async function flushPendingAnswers(userId: string): Promise<boolean> {
  const queue = new AnswerQueue({
    storage: window.localStorage,
    storageKey: answerQueueKey(userId),
    send: sendReviewAnswers,
  });
  while (queue.pending().length > 0) {
    try {
      await queue.flush();
    } catch (error) {
      if (isRetryable(error)) return false;
      const status = (error as { status?: unknown }).status;
      logClientError({
        code: 'VALIDATION_ERROR',
        message: 'Review answers were refused and dropped',
        context: { status: typeof status === 'number' ? status : undefined },
      });
    }
  }
  return true;
}
