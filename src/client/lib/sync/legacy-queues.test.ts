// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  LEGACY_OUTBOX_PREFIX,
  LEGACY_PROGRESS_QUEUE_KEY,
  LEGACY_REVIEW_ANSWERS_PREFIX,
  syncStoreKey,
} from '#shared/offline/offline-storage';
import { convertLegacyQueues } from './legacy-queues';
import type { SyncEntry } from './sync-kind';

const chapterId = '22222222-2222-4222-8222-222222222222';
const bookmarkId = '66666666-6666-4666-8666-666666666666';

const save = (userId: string, positionSeconds: number, clientTimestamp: number) => ({
  chapterId,
  positionSeconds,
  durationSeconds: 120,
  clientTimestamp,
  deviceId: 'tab-1',
  userId,
});
const answer = {
  answerId: '99999999-9999-4999-8999-999999999999',
  itemId: '88888888-8888-4888-8888-888888888888',
  rating: 3,
  reviewedAt: 1_700_000_000_500,
};
const outboxEntry = (entryId: string, madeAt: number, operation: Record<string, unknown>) => ({
  entryId,
  userId: 'user-a',
  madeAt,
  operation,
});

const storeOf = (userId: string) =>
  (JSON.parse(localStorage.getItem(syncStoreKey(userId)) ?? '[]') as SyncEntry[]).map(
    ({ kind, madeAt, data }) => ({ kind, madeAt, data }),
  );

let ids = 0;
const newId = () => `new-${(ids += 1)}`;

beforeEach(() => {
  localStorage.clear();
  ids = 0;
});

describe('the upgrade from the older queues', () => {
  it('converts every account’s progress saves, review answers and outbox, and removes them', () => {
    localStorage.setItem(
      LEGACY_PROGRESS_QUEUE_KEY,
      JSON.stringify([
        save('user-a', 30, 1_700_000_000_000),
        save('user-b', 50, 1_700_000_001_000),
      ]),
    );
    localStorage.setItem(`${LEGACY_REVIEW_ANSWERS_PREFIX}user-a`, JSON.stringify([answer]));
    localStorage.setItem(
      `${LEGACY_OUTBOX_PREFIX}user-a`,
      JSON.stringify([
        outboxEntry('e1', 1_700_000_002_000, {
          kind: 'bookmark.create',
          id: bookmarkId,
          chapterId,
          positionSeconds: 12,
          note: 'en el tren',
        }),
        outboxEntry('e2', 1_700_000_003_000, {
          kind: 'bookmark.note',
          id: bookmarkId,
          chapterId,
          note: 'mejor',
        }),
        outboxEntry('e3', 1_700_000_004_000, {
          kind: 'saved.save',
          body: { kind: 'word', chapterId, segmentId: 's1', wordId: 'w2' },
        }),
        outboxEntry('e4', 1_700_000_005_000, { kind: 'saved.delete', id: 'item-1' }),
        outboxEntry('e5', 1_700_000_006_000, {
          kind: 'bookmark.delete',
          id: bookmarkId,
          chapterId,
        }),
      ]),
    );
    localStorage.setItem('relatos.theme', 'dark');

    convertLegacyQueues(localStorage, newId);

    // In the order each queue kept them (the order between kinds does not matter).
    expect(storeOf('user-a')).toEqual([
      {
        kind: 'bookmark',
        madeAt: 1_700_000_002_000,
        data: { op: 'create', id: bookmarkId, chapterId, positionSeconds: 12, note: 'en el tren' },
      },
      {
        kind: 'bookmark',
        madeAt: 1_700_000_003_000,
        data: { op: 'note', id: bookmarkId, chapterId, note: 'mejor' },
      },
      {
        kind: 'saved-item',
        madeAt: 1_700_000_004_000,
        data: { op: 'save', body: { kind: 'word', chapterId, segmentId: 's1', wordId: 'w2' } },
      },
      { kind: 'saved-item', madeAt: 1_700_000_005_000, data: { op: 'delete', id: 'item-1' } },
      {
        kind: 'bookmark',
        madeAt: 1_700_000_006_000,
        data: { op: 'delete', id: bookmarkId, chapterId },
      },
      {
        kind: 'progress',
        madeAt: 1_700_000_000_000,
        data: { chapterId, positionSeconds: 30, durationSeconds: 120, deviceId: 'tab-1' },
      },
      { kind: 'review-answer', madeAt: answer.reviewedAt, data: answer },
    ]);
    // Another account's save waits in its own store.
    expect(storeOf('user-b')).toEqual([
      {
        kind: 'progress',
        madeAt: 1_700_000_001_000,
        data: { chapterId, positionSeconds: 50, durationSeconds: 120, deviceId: 'tab-1' },
      },
    ]);
    expect(Object.keys(localStorage).sort()).toEqual([
      'relatos.sync.user-a',
      'relatos.sync.user-b',
      'relatos.theme',
    ]);
  });

  it('puts what the old queues held before what the new store holds (it is older)', () => {
    const newer = { id: 'n1', kind: 'progress', madeAt: 1_700_000_009_000, data: { chapterId } };
    localStorage.setItem(syncStoreKey('user-a'), JSON.stringify([newer]));
    localStorage.setItem(
      LEGACY_PROGRESS_QUEUE_KEY,
      JSON.stringify([save('user-a', 30, 1_700_000_000_000)]),
    );
    convertLegacyQueues(localStorage, newId);
    expect(storeOf('user-a').map((entry) => entry.madeAt)).toEqual([
      1_700_000_000_000, 1_700_000_009_000,
    ]);
  });

  it('skips what cannot be read, and leaves a queue whose store cannot be written', () => {
    localStorage.setItem(`${LEGACY_REVIEW_ANSWERS_PREFIX}user-a`, '{not json');
    localStorage.setItem(LEGACY_PROGRESS_QUEUE_KEY, JSON.stringify([{ chapterId }, 'x', null]));
    convertLegacyQueues(localStorage, newId);
    expect(Object.keys(localStorage)).toEqual([]);

    const full: Storage = {
      get length() {
        return localStorage.length;
      },
      key: (index) => localStorage.key(index),
      getItem: (key) => localStorage.getItem(key),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: (key) => localStorage.removeItem(key),
      clear: () => localStorage.clear(),
    };
    localStorage.setItem(`${LEGACY_REVIEW_ANSWERS_PREFIX}user-a`, JSON.stringify([answer]));
    convertLegacyQueues(full, newId);
    expect(localStorage.getItem(`${LEGACY_REVIEW_ANSWERS_PREFIX}user-a`)).not.toBeNull();
  });
});
