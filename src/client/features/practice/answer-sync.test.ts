// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PRACTICE_ANSWERS_MAX,
  practiceAnswersBodySchema,
  type PracticeAnswer,
  type PracticeAnswersBody,
} from '#shared/contracts/practice';
import { syncStoreKey } from '#shared/offline/offline-storage';
import { SyncEngine } from '#client/lib/sync/sync-engine';
import { SyncStore } from '#client/lib/sync/sync-store';
import { PRACTICE_ANSWER_GATHER_MS, practiceAnswerSync } from './answer-sync';

const chapterId = '22222222-2222-4222-8222-222222222222';
const answer = (n: number, correct = n % 2 === 0): PracticeAnswer => ({
  answerId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  kind: 'cloze',
  chapterId,
  segmentId: `s${n}`,
  wordId: `s${n}w1`,
  correct,
  answeredAt: 1_700_000_000_000 + n,
});

/** The server: what it was sent, and what it does with the next request. */
let sent: PracticeAnswersBody[] = [];
let answerWith: () => Response;
const recorded = (body: PracticeAnswersBody) =>
  Response.json({
    results: body.answers.map((a) => ({ answerId: a.answerId, outcome: 'recorded', cardId: null })),
  });

const engine = () =>
  new SyncEngine({
    userId: 'learner',
    store: new SyncStore(syncStoreKey('learner'), localStorage),
    isSignedIn: () => true,
    isHidden: () => false,
  });
const waiting = () =>
  JSON.parse(localStorage.getItem(syncStoreKey('learner')) ?? '[]') as Array<{ data: unknown }>;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  sent = [];
  answerWith = () => recorded(sent.at(-1)!);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe('/api/me/practice/answers');
      expect(init.method).toBe('POST');
      const body = JSON.parse(init.body as string) as PracticeAnswersBody;
      // What is sent is what the server's schema accepts.
      expect(practiceAnswersBodySchema.safeParse(body).success).toBe(true);
      sent.push(body);
      return answerWith();
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('practice answers through the learner-sync engine', () => {
  it('answers checked close together go in one request, with the send time', async () => {
    const sync = engine();
    sync.add(practiceAnswerSync, answer(1));
    await vi.advanceTimersByTimeAsync(PRACTICE_ANSWER_GATHER_MS / 2);
    sync.add(practiceAnswerSync, answer(2));
    sync.add(practiceAnswerSync, answer(3));
    // Still gathering: nothing has left, everything is kept.
    expect(sent).toEqual([]);
    expect(waiting()).toHaveLength(3);

    await vi.advanceTimersByTimeAsync(PRACTICE_ANSWER_GATHER_MS);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.answers).toEqual([answer(1), answer(2), answer(3)]);
    expect(sent[0]!.sentAt).toBe(Date.now());
    expect(waiting()).toEqual([]);
  });

  it('a batch goes in requests of at most 500', async () => {
    const sync = engine();
    for (let n = 1; n <= PRACTICE_ANSWERS_MAX + 1; n++) sync.add(practiceAnswerSync, answer(n));
    await vi.advanceTimersByTimeAsync(PRACTICE_ANSWER_GATHER_MS);
    expect(sent.map((body) => body.answers.length)).toEqual([PRACTICE_ANSWERS_MAX, 1]);
    expect(waiting()).toEqual([]);
  });

  it('a batch the server did not answer is kept and sent again, the same answers once each', async () => {
    answerWith = () => new Response('unavailable', { status: 503 });
    const sync = engine();
    sync.add(practiceAnswerSync, answer(1));
    sync.add(practiceAnswerSync, answer(2, false));
    await vi.advanceTimersByTimeAsync(PRACTICE_ANSWER_GATHER_MS);
    expect(sent).toHaveLength(1);
    expect(waiting()).toHaveLength(2);

    answerWith = () => recorded(sent.at(-1)!);
    await vi.advanceTimersByTimeAsync(sync.nextRetryDelay!);
    expect(sent).toHaveLength(2);
    // The retry carries the very answers (their ids make the server take them once).
    expect(sent[1]!.answers).toEqual(sent[0]!.answers);
    expect(sent[1]!.answers.map((a) => a.answerId)).toEqual([
      answer(1).answerId,
      answer(2).answerId,
    ]);
    expect(waiting()).toEqual([]);
  });

  it('the same answer recorded twice waits once', () => {
    const sync = engine();
    sync.add(practiceAnswerSync, answer(7));
    sync.add(practiceAnswerSync, answer(7));
    expect(waiting()).toHaveLength(1);
  });
});
