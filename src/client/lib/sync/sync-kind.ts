/*
 * What the learner-sync engine (decision 057) keeps and sends: entries of kinds. The engine knows
 * no feature and no URL; each kind says how its entries combine and how they are sent.
 *
 * Adding a kind (the practice exercises' answers, say) is three small steps:
 * 1. In the feature, define it: `export const exerciseAnswerSync: SyncKind<ExerciseAnswer, Result>
 *    = { name: 'exercise-answer', combine: 'batched', keyOf, max, gatherMs, send }` — `send` calls
 *    the feature's endpoint with `apiFetch`, passing `keepalive` on and `sentAt` in the body when
 *    the server corrects client times.
 * 2. List it in `learnerSyncKinds` (src/client/app/learner-sync.ts), so what a closed tab left is
 *    sent from any page of the app.
 * 3. Record with `getSyncEngine(userId).add(exerciseAnswerSync, answer)` (or `submit` to learn the
 *    server's answer when it comes at once); show what waits with `useSyncEntries`, react to
 *    deliveries with `useSyncDeliveries` (src/client/lib/sync/use-sync.ts).
 * The server must take an entry sent twice as once (an id made by the client, newest-wins
 * times, a running total): a tab closing mid-request, or two tabs, can send it again.
 */

/** One thing a learner did, kept until the server answered it. */
export interface SyncEntry<Data = unknown> {
  /** This entry's own id (made by the client). */
  id: string;
  /** The name of its kind. */
  kind: string;
  /** When it was recorded, in the client's clock (ms since 1970). */
  madeAt: number;
  data: Data;
}

export interface SendContext {
  /** Now, in the client's clock: the server corrects client times by it. */
  sentAt: number;
  /** Pass to fetch: the request outlives the page (it is being hidden, left or closed). */
  keepalive: boolean;
}

interface KindBase {
  /**
   * Stored in every entry: unique among kinds, and never renamed (devices hold entries under it;
   * the upgrade from the older queues writes some: `upgradedKinds` in legacy-queues.ts).
   */
  name: string;
}

/** Entries with the same key replace each other: only the newest is sent (progress per chapter). */
export interface NewestWinsKind<Data, Answer> extends KindBase {
  combine: 'newest';
  keyOf: (data: Data) => string;
  send: (entry: SyncEntry<Data>, context: SendContext) => Promise<Answer>;
}

/** Every entry is sent, one after another in the order made (changes that build on each other). */
export interface OrderedKind<Data, Answer> extends KindBase {
  combine: 'ordered';
  send: (entry: SyncEntry<Data>, context: SendContext) => Promise<Answer>;
}

/** Waiting entries go together in one request, up to `max` (an entry with the same key replaces). */
export interface BatchedKind<Data, Answer> extends KindBase {
  combine: 'batched';
  keyOf: (data: Data) => string;
  max: number;
  /** Entries recorded within this time of each other go in one request. */
  gatherMs: number;
  send: (entries: readonly SyncEntry<Data>[], context: SendContext) => Promise<Answer>;
}

/** Any kind at all is a `SyncKind` (its data unknown here: the engine only stores and passes it). */
export type SyncKind<Data = never, Answer = unknown> =
  NewestWinsKind<Data, Answer> | OrderedKind<Data, Answer> | BatchedKind<Data, Answer>;
