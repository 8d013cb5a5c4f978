// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressSync } from '#client/features/player/progress/progress-sync';
import { reviewAnswerSync } from '#client/features/review/answer-sync';
import { storyKnowledgeQueryKey } from '#client/lib/query-client';
import { registerSyncKind, SyncEngine } from '#client/lib/sync/sync-engine';
import { SyncStore } from '#client/lib/sync/sync-store';
import { json } from '#client/test/render-app';
import { refreshKnownWords } from './learner-sync';

/*
 * The stories' shares of known words are read again once the server has a completed chapter or
 * a review answer (decision 071), whichever page sent it; any other save leaves them.
 */

const chapterId = '22222222-2222-4222-8222-222222222222';
let queryClient: QueryClient;
let engine: SyncEngine;
let stop: () => void;

const invalidated = () => queryClient.getQueryState(storyKnowledgeQueryKey)?.isInvalidated;

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).startsWith('/api/progress')
        ? json(200, {
            applied: true,
            progress: {
              chapterId,
              progressPercentage: 100,
              completed: true,
              lastPositionSeconds: 60,
              lastAccessedAt: null,
              savedAt: null,
            },
            newAchievements: [],
          })
        : json(200, { results: [], counts: { due: 0, new: 0, reviewedToday: 0 } }),
    ),
  );
  for (const kind of [progressSync, reviewAnswerSync]) registerSyncKind(kind);
  queryClient = new QueryClient();
  queryClient.setQueryData(storyKnowledgeQueryKey, { stories: [] });
  engine = new SyncEngine({
    userId: 'learner',
    store: new SyncStore('test-sync-store', localStorage),
    isSignedIn: () => true,
    isHidden: () => false,
  });
  stop = refreshKnownWords(engine, queryClient);
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

const save = (positionSeconds: number) =>
  engine.add(progressSync, { chapterId, positionSeconds, durationSeconds: 60, deviceId: 'tab' });

describe('known words read again', () => {
  it('after a save that completes a chapter, not after one that does not', async () => {
    save(10);
    await engine.flush();
    expect(invalidated()).toBe(false);
    save(60);
    await engine.flush();
    expect(invalidated()).toBe(true);
  });

  it('after review answers', async () => {
    engine.add(reviewAnswerSync, {
      answerId: '99999999-9999-4999-8999-999999999999',
      itemId: '88888888-8888-4888-8888-888888888888',
      rating: 3,
      reviewedAt: Date.now(),
    });
    await engine.flush();
    expect(invalidated()).toBe(true);
  });

  it('no longer once stopped', async () => {
    stop();
    save(60);
    await engine.flush();
    expect(invalidated()).toBe(false);
  });
});
