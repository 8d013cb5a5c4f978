// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEGACY_OUTBOX_PREFIX, syncStoreKey } from '#shared/offline/offline-storage';
import { ApiError } from '#client/lib/api-client';
import { setSyncAccount } from './sync-account';
import { registerSyncKind } from './sync-engine';
import { discardAccountEntries, getSyncEngine } from './sync-engines';
import type { SendContext, SyncEntry, SyncKind } from './sync-kind';

/*
 * The engines a page makes (one per account, in localStorage): a write recorded as the page goes
 * leaves at once, and an account deleted on this device leaves nothing of its own waiting.
 */

type Save = { chapter: string; position: number };

let requests: Array<{ data: Save; context: SendContext }> = [];
let answers: Array<() => void> = [];
let failure: unknown = null;

const saveKind: SyncKind<Save, null> = {
  name: 'engines-test-save',
  combine: 'newest',
  keyOf: (save) => save.chapter,
  send: async ({ data }, context) => {
    requests.push({ data, context });
    if (failure) throw failure;
    await new Promise<void>((answer) => answers.push(answer));
    return null;
  },
};

const stored = (userId: string): SyncEntry[] =>
  JSON.parse(localStorage.getItem(syncStoreKey(userId)) ?? '[]') as SyncEntry[];

beforeEach(() => {
  localStorage.clear();
  requests = [];
  answers = [];
  failure = null;
  registerSyncKind(saveKind);
});
afterEach(() => {
  for (const answer of answers) answer();
  setSyncAccount(null);
  window.dispatchEvent(new Event('pageshow'));
});

describe('the engines of a page', () => {
  it('sends a write recorded as the page goes at once, with keepalive, while the last is on its way', async () => {
    setSyncAccount('leaving-learner');
    const engine = getSyncEngine('leaving-learner');
    engine.add(saveKind, { chapter: 'c1', position: 10 });
    expect(requests).toHaveLength(1);
    // The player saves its last position from its own pagehide listener, heard after the engine's.
    const lastSave = () => engine.add(saveKind, { chapter: 'c1', position: 12 });
    window.addEventListener('pagehide', lastSave);
    window.dispatchEvent(new Event('pagehide'));
    window.removeEventListener('pagehide', lastSave);

    expect(requests.map(({ data, context }) => [data.position, context.keepalive])).toEqual([
      [10, true],
      [12, true],
    ]);
    expect(stored('leaving-learner').map((entry) => entry.data)).toEqual([
      { chapter: 'c1', position: 12 },
    ]);
  });

  it('leaves nothing of a deleted account waiting, older queues included; other accounts keep theirs', async () => {
    const other = [{ id: 'kept', kind: saveKind.name, madeAt: 1, data: { chapter: 'c9' } }];
    localStorage.setItem(syncStoreKey('other-learner'), JSON.stringify(other));
    const oldBookmark = { kind: 'bookmark.delete', id: 'b1', chapterId: 'c1' };
    localStorage.setItem(
      `${LEGACY_OUTBOX_PREFIX}deleted-learner`,
      JSON.stringify([{ entryId: 'old', madeAt: 1, operation: oldBookmark }]),
    );
    setSyncAccount('deleted-learner');
    failure = new ApiError(503, 'SERVICE_UNAVAILABLE', 'Try again later');
    const engine = getSyncEngine('deleted-learner');
    engine.add(saveKind, { chapter: 'c1', position: 30 });
    await vi.waitFor(() => expect(engine.nextRetryDelay).not.toBeNull());
    expect(stored('deleted-learner').map((entry) => entry.kind)).toEqual([
      'bookmark',
      saveKind.name,
    ]);

    discardAccountEntries('deleted-learner');
    expect(localStorage.getItem(syncStoreKey('deleted-learner'))).toBeNull();
    expect(localStorage.getItem(`${LEGACY_OUTBOX_PREFIX}deleted-learner`)).toBeNull();
    expect(engine.nextRetryDelay).toBeNull();
    expect(engine.isWaiting(saveKind)).toBe(false);
    expect(stored('other-learner')).toEqual(other);
  });
});
