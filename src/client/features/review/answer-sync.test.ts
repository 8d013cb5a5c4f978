import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_ANSWERS_MAX, type ReviewAnswer } from '#shared/contracts/review';
import { reviewAnswerSync } from './answer-sync';

const answer = (n: number): ReviewAnswer => ({
  answerId: `00000000-0000-4000-8000-00000000000${n}`,
  itemId: '11111111-1111-4111-8111-111111111111',
  rating: 3,
  reviewedAt: 1_000 + n,
});

afterEach(() => vi.unstubAllGlobals());

describe('review answers', () => {
  it('go in batches of at most 500, each answer once by its id', () => {
    expect(reviewAnswerSync.max).toBe(REVIEW_ANSWERS_MAX);
    expect(reviewAnswerSync.keyOf(answer(1))).toBe(
      reviewAnswerSync.keyOf({ ...answer(1), rating: 4 }),
    );
    expect(reviewAnswerSync.keyOf(answer(1))).not.toBe(reviewAnswerSync.keyOf(answer(2)));
  });

  it('are sent as one batch with the send time and the learner’s time zone', async () => {
    const calls: Array<[string, unknown]> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push([url, JSON.parse(init.body as string)]);
        return Response.json({ results: [], items: [], counts: {} });
      }),
    );
    const entries = [answer(1), answer(2)].map((data, index) => ({
      id: `e${index}`,
      kind: 'review-answer',
      madeAt: data.reviewedAt,
      data,
    }));
    await reviewAnswerSync.send(entries, { sentAt: 5_000, keepalive: false });
    expect(calls).toEqual([
      [
        `/api/me/review/answers?timezoneOffset=${new Date().getTimezoneOffset()}`,
        { answers: [answer(1), answer(2)], sentAt: 5_000 },
      ],
    ]);
  });
});
