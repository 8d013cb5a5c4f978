import { ProgressQueue } from './progress-queue';

/**
 * For the app-wide flusher (decision 041): sends the account's progress saves left from an
 * earlier visit, whatever page is open. True when none is left; on a failure that may pass the
 * flusher tries again later (this queue's own retry timer is stopped, not doubled).
 */
export async function flushPendingProgress(userId: string): Promise<boolean> {
  const queue = new ProgressQueue({ userId });
  try {
    await queue.flush();
    return queue.pending().length === 0;
  } finally {
    queue.stop();
  }
}

/** Account deletion (decision 062): the account's saves still waiting are dropped unsent. */
export function discardPendingProgress(userId: string): void {
  new ProgressQueue({ userId }).discardPending();
}
