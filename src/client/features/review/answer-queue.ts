import {
  REVIEW_ANSWERS_MAX,
  type ReviewAnswer,
  type ReviewAnswersBody,
  type ReviewAnswersResult,
} from '#shared/contracts/review';
import { reviewAnswersKey } from '#shared/offline/offline-storage';

/**
 * The learner's ratings on their way to the server. Every rating is kept in localStorage (per
 * user) the moment it is given, sent in batches, and removed only once the server answered for
 * it, so ratings given offline or in a tab that closed are sent later. Each carries its own
 * answerId, so a batch sent twice changes nothing.
 */

export interface AnswerQueueDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  storageKey: string;
  send: (body: ReviewAnswersBody) => Promise<ReviewAnswersResult>;
  now?: () => number;
}

export const answerQueueKey = reviewAnswersKey;

/** Whether a failed send should be kept for later (no answer, or the server failed) or dropped. */
export const isRetryable = (error: unknown): boolean => {
  const status = (error as { status?: unknown }).status;
  return (
    typeof status !== 'number' ||
    status === 0 ||
    status === 401 ||
    status === 408 ||
    status === 429 ||
    status >= 500
  );
};

export class AnswerQueue {
  private inFlight: Promise<ReviewAnswersResult | null> | null = null;

  constructor(private readonly deps: AnswerQueueDeps) {}

  pending(): ReviewAnswer[] {
    try {
      const stored = this.deps.storage.getItem(this.deps.storageKey);
      const parsed: unknown = stored ? JSON.parse(stored) : [];
      return Array.isArray(parsed) ? (parsed as ReviewAnswer[]) : [];
    } catch {
      return [];
    }
  }

  private write(answers: ReviewAnswer[]): void {
    try {
      if (answers.length === 0) this.deps.storage.removeItem(this.deps.storageKey);
      else this.deps.storage.setItem(this.deps.storageKey, JSON.stringify(answers));
    } catch {
      // Storage full or blocked: the answers still go out from memory on the next flush.
    }
  }

  add(answer: ReviewAnswer): void {
    this.write([...this.pending().filter((kept) => kept.answerId !== answer.answerId), answer]);
  }

  /**
   * Sends what is pending (up to the batch limit), one request at a time; resolves with the
   * server's answer, or null when there was nothing to send. Rejects when the send failed; a
   * refused batch (4xx other than auth/rate limits) is dropped so the queue never gets stuck.
   */
  flush(): Promise<ReviewAnswersResult | null> {
    this.inFlight ??= this.sendBatch().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async sendBatch(): Promise<ReviewAnswersResult | null> {
    const batch = this.pending().slice(0, REVIEW_ANSWERS_MAX);
    if (batch.length === 0) return null;
    const sent = new Set(batch.map((answer) => answer.answerId));
    const forget = () => this.write(this.pending().filter((answer) => !sent.has(answer.answerId)));
    try {
      const result = await this.deps.send({
        answers: batch,
        sentAt: (this.deps.now ?? Date.now)(),
      });
      forget();
      return result;
    } catch (error) {
      if (!isRetryable(error)) forget();
      throw error;
    }
  }
}
