import { describe, expect, it } from 'vitest';
import type {
  ReviewAnswer,
  ReviewAnswersBody,
  ReviewAnswersResult,
} from '#shared/contracts/review';
import { ApiError } from '#client/lib/api-client';
import { AnswerQueue, answerQueueKey } from './answer-queue';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const answer = (n: number): ReviewAnswer => ({
  answerId: `00000000-0000-4000-8000-00000000000${n}`,
  itemId: '11111111-1111-4111-8111-111111111111',
  rating: 3,
  reviewedAt: 1_000 + n,
});

const resultOf = (body: ReviewAnswersBody): ReviewAnswersResult => ({
  results: body.answers.map((sent) => ({
    answerId: sent.answerId,
    itemId: sent.itemId,
    outcome: 'applied',
  })),
  items: [],
  counts: { dueCount: 0, newAvailable: 1, newLimit: 20, newIntroducedToday: 1 },
});

describe('answer queue', () => {
  it('keeps answers in storage per user until the server has them', async () => {
    const storage = memoryStorage();
    const sent: ReviewAnswersBody[] = [];
    const queue = new AnswerQueue({
      storage,
      storageKey: answerQueueKey('u1'),
      send: (body) => {
        sent.push(body);
        return Promise.resolve(resultOf(body));
      },
      now: () => 5_000,
    });
    queue.add(answer(1));
    queue.add(answer(2));
    queue.add(answer(2));
    expect(JSON.parse(storage.values.get('relatos.review.answers.u1')!)).toHaveLength(2);
    // A new queue over the same storage (a reload) finds them.
    const reloaded = new AnswerQueue({
      storage,
      storageKey: answerQueueKey('u1'),
      send: () => Promise.reject(new Error('unused')),
    });
    expect(reloaded.pending().map((kept) => kept.answerId)).toEqual([
      answer(1).answerId,
      answer(2).answerId,
    ]);

    const result = await queue.flush();
    expect(sent).toEqual([{ answers: [answer(1), answer(2)], sentAt: 5_000 }]);
    expect(result?.counts.newAvailable).toBe(1);
    expect(queue.pending()).toEqual([]);
    expect(storage.values.has('relatos.review.answers.u1')).toBe(false);
    expect(await queue.flush()).toBeNull();
  });

  it('keeps an answer given while a batch is on its way, and sends one batch at a time', async () => {
    const storage = memoryStorage();
    let release: (() => void) | undefined;
    let calls = 0;
    const queue = new AnswerQueue({
      storage,
      storageKey: 'k',
      send: (body) => {
        calls += 1;
        return new Promise((resolve) => (release = () => resolve(resultOf(body))));
      },
    });
    queue.add(answer(1));
    const first = queue.flush();
    const second = queue.flush();
    expect(second).toBe(first);
    queue.add(answer(2));
    release!();
    await first;
    expect(calls).toBe(1);
    expect(queue.pending()).toEqual([answer(2)]);
  });

  it('keeps answers when offline or the server fails, drops a refused batch', async () => {
    const storage = memoryStorage();
    let failure: unknown = new ApiError(0, 'NETWORK_ERROR', 'offline');
    const queue = new AnswerQueue({
      storage,
      storageKey: 'k',
      send: () => Promise.reject(failure),
    });
    queue.add(answer(1));
    await expect(queue.flush()).rejects.toBe(failure);
    expect(queue.pending()).toHaveLength(1);
    failure = new ApiError(503, 'SERVICE_UNAVAILABLE', 'down');
    await expect(queue.flush()).rejects.toBe(failure);
    expect(queue.pending()).toHaveLength(1);
    failure = new ApiError(400, 'VALIDATION_ERROR', 'bad');
    await expect(queue.flush()).rejects.toBe(failure);
    expect(queue.pending()).toEqual([]);
  });

  it('survives unreadable storage', () => {
    const storage = memoryStorage();
    storage.values.set('k', '{not json');
    expect(
      new AnswerQueue({
        storage,
        storageKey: 'k',
        send: () => Promise.reject(new Error()),
      }).pending(),
    ).toEqual([]);
  });
});
