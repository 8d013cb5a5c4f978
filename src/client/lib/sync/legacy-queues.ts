import {
  LEGACY_OUTBOX_PREFIX,
  LEGACY_PROGRESS_QUEUE_KEY,
  LEGACY_REVIEW_ANSWERS_PREFIX,
  syncStoreKey,
} from '#shared/offline/offline-storage';
import { randomUuid } from '#client/lib/random-uuid';
import type { SyncEntry } from './sync-kind';
import { SyncStore } from './sync-store';

/*
 * The upgrade from the three queues kept before decision 057: what they still hold is converted
 * into each account's store (before what is there, as it is older) and their keys removed, so
 * nothing queued before the upgrade is lost. The keys stay when a store cannot be written (full
 * storage): the next page tries again (an entry converted twice is sent twice, which changes
 * nothing on the server).
 */

/** The kinds the older queues' entries become (the app's kinds of these names send them). */
export const upgradedKinds = {
  progress: 'progress',
  reviewAnswer: 'review-answer',
  bookmark: 'bookmark',
  savedItem: 'saved-item',
} as const;

interface Converted {
  userId: string;
  entry: SyncEntry;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function readList(storage: Storage, key: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** `relatos.progressQueue`: `{ chapterId, positionSeconds, durationSeconds, clientTimestamp, deviceId, userId }`. */
const progressSaves = (list: unknown[], newId: () => string): Converted[] =>
  list.flatMap((save) => {
    if (!isRecord(save) || typeof save.userId !== 'string') return [];
    const { userId, clientTimestamp, ...data } = save;
    if (typeof clientTimestamp !== 'number') return [];
    const entry = { id: newId(), kind: upgradedKinds.progress, madeAt: clientTimestamp, data };
    return [{ userId, entry }];
  });

/** `relatos.review.answers.<user>`: the answers as the answers batch carries them. */
const reviewAnswers = (list: unknown[], userId: string, newId: () => string): Converted[] =>
  list.flatMap((answer) =>
    isRecord(answer) && typeof answer.reviewedAt === 'number'
      ? [
          {
            userId,
            entry: {
              id: newId(),
              kind: upgradedKinds.reviewAnswer,
              madeAt: answer.reviewedAt,
              data: answer,
            },
          },
        ]
      : [],
  );

const outboxKinds: Record<string, string> = {
  bookmark: upgradedKinds.bookmark,
  saved: upgradedKinds.savedItem,
};

/**
 * `relatos.outbox.<user>`: `{ entryId, madeAt, operation: { kind: 'bookmark.create', … } }`; the
 * operation's `kind` becomes the entry's kind and its `op` ('bookmark.note' → 'bookmark', 'note').
 */
const outboxOperations = (list: unknown[], userId: string): Converted[] =>
  list.flatMap((old) => {
    if (!isRecord(old) || typeof old.entryId !== 'string' || typeof old.madeAt !== 'number') {
      return [];
    }
    if (!isRecord(old.operation) || typeof old.operation.kind !== 'string') return [];
    const { kind: operation, ...fields } = old.operation;
    const [area = '', op] = operation.split('.');
    const kind = outboxKinds[area];
    if (!kind || !op) return [];
    return [
      { userId, entry: { id: old.entryId, kind, madeAt: old.madeAt, data: { op, ...fields } } },
    ];
  });

function convert(storage: Storage, key: string, newId: () => string): Converted[] {
  const list = readList(storage, key);
  if (key === LEGACY_PROGRESS_QUEUE_KEY) return progressSaves(list, newId);
  if (key.startsWith(LEGACY_REVIEW_ANSWERS_PREFIX)) {
    return reviewAnswers(list, key.slice(LEGACY_REVIEW_ANSWERS_PREFIX.length), newId);
  }
  return outboxOperations(list, key.slice(LEGACY_OUTBOX_PREFIX.length));
}

const isLegacyKey = (key: string) =>
  key === LEGACY_PROGRESS_QUEUE_KEY ||
  key.startsWith(LEGACY_REVIEW_ANSWERS_PREFIX) ||
  key.startsWith(LEGACY_OUTBOX_PREFIX);

/** Converts and removes every older queue in `storage`, of every account. */
export function convertLegacyQueues(storage: Storage, newId: () => string = randomUuid): void {
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index))
    .filter((key): key is string => key !== null && isLegacyKey(key))
    .sort();
  if (keys.length === 0) return;
  const byAccount = new Map<string, SyncEntry[]>();
  for (const key of keys) {
    for (const { userId, entry } of convert(storage, key, newId)) {
      byAccount.set(userId, [...(byAccount.get(userId) ?? []), entry]);
    }
  }
  let stored = true;
  for (const [userId, entries] of byAccount) {
    const store = new SyncStore(syncStoreKey(userId), storage);
    stored = store.write([...entries, ...store.entries()]) && stored;
  }
  if (stored) for (const key of keys) storage.removeItem(key);
}
