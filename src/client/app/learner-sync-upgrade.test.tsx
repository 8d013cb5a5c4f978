// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  LEGACY_OUTBOX_PREFIX,
  LEGACY_PROGRESS_QUEUE_KEY,
  LEGACY_REVIEW_ANSWERS_PREFIX,
  syncStoreKey,
} from '#shared/offline/offline-storage';
import { chapterId, setUpPlayerPageForEachTest } from '#client/features/player/player-test-setup';
import { json, renderMountedApp, sessionOf, stubApi, userFixture } from '#client/test/render-app';
import { waitingEntries } from '#client/test/waiting-entries';

/*
 * The first page after the upgrade to one learner-sync engine (decision 057), in a file of its
 * own: a page converts the older queues once, when it first needs the engine.
 */

setUpPlayerPageForEachTest();

describe('the first page after the upgrade', () => {
  it('delivers what a tab closed offline left before the upgrade, on the next visit to any page, for this account only', async () => {
    const answer = {
      answerId: '99999999-9999-4999-8999-999999999999',
      itemId: '88888888-8888-4888-8888-888888888888',
      rating: 3,
      reviewedAt: 1_700_000_000_000,
    };
    // The three queues kept before decision 057, as that version left them.
    localStorage.setItem(
      `${LEGACY_REVIEW_ANSWERS_PREFIX}${userFixture.id}`,
      JSON.stringify([answer]),
    );
    const save = (userId: string) => ({
      chapterId,
      positionSeconds: 30,
      durationSeconds: 75,
      clientTimestamp: 1_700_000_000_000,
      deviceId: 'tab-1',
      userId,
    });
    localStorage.setItem(
      LEGACY_PROGRESS_QUEUE_KEY,
      JSON.stringify([save('someone-else'), save(userFixture.id)]),
    );
    localStorage.setItem(
      `${LEGACY_OUTBOX_PREFIX}${userFixture.id}`,
      JSON.stringify([
        {
          entryId: 'e1',
          userId: userFixture.id,
          madeAt: 1_700_000_000_000,
          operation: {
            kind: 'saved.save',
            body: { kind: 'word', chapterId, segmentId: 's1', wordId: 'w2' },
          },
        },
      ]),
    );
    const calls: Array<[string, unknown]> = [];
    const record = (name: string) => (init: RequestInit | undefined) => {
      calls.push([name, JSON.parse(init!.body as string)]);
      return json(200, {});
    };
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'POST /api/me/saved-items': record('saved'),
      'POST /api/progress': record('progress'),
      [`POST /api/me/review/answers?timezoneOffset=${new Date().getTimezoneOffset()}`]: (init) => {
        calls.push(['answers', JSON.parse(init!.body as string)]);
        return json(200, {
          outcomes: [],
          cards: [],
          counts: { dueCount: 0, newAvailable: 0, reviewedToday: 1 },
        });
      },
    });
    renderMountedApp('/privacy');
    await waitFor(() =>
      expect(calls.map(([name]) => name).sort()).toEqual(['answers', 'progress', 'saved']),
    );
    expect(calls.find(([name]) => name === 'progress')![1]).toEqual({
      chapterId,
      positionSeconds: 30,
      durationSeconds: 75,
      clientTimestamp: 1_700_000_000_000,
      sentAt: expect.any(Number),
      deviceId: 'tab-1',
    });
    expect(calls.find(([name]) => name === 'answers')![1]).toMatchObject({ answers: [answer] });
    expect(calls.find(([name]) => name === 'saved')![1]).toEqual({
      kind: 'word',
      chapterId,
      segmentId: 's1',
      wordId: 'w2',
    });
    await waitFor(() => expect(localStorage.getItem(syncStoreKey(userFixture.id))).toBeNull());
    // The old queues are gone; another account's save waits for that account, in its store.
    const queues = /^relatos\.(progressQueue|review\.answers\.|outbox\.|sync\.)/;
    expect(Object.keys(localStorage).filter((key) => queues.test(key))).toEqual([
      syncStoreKey('someone-else'),
    ]);
    expect(waitingEntries('progress', 'someone-else')).toMatchObject([
      { madeAt: 1_700_000_000_000, data: { chapterId, positionSeconds: 30 } },
    ]);
  });
});
