import { isApiError } from '#client/lib/api-client';
import { logClientError } from '#client/lib/error-log';
import { randomUuid } from '#client/lib/random-uuid';
import { isRetryable, RetryTimer, type RetryTimerOptions } from '#client/lib/retry';
import type { SendContext, SyncEntry, SyncKind } from './sync-kind';
import type { SyncStore } from './sync-store';

/*
 * The learner-sync engine (decision 057): one per account and page. Whatever a learner does that
 * the server must learn (progress, listening time, bookmarks, saved items, review answers) is
 * written to the account's store before anything is sent, and leaves it only once the server
 * answered: a closed tab, a lost connection or a failing server lose nothing. Sending follows one
 * rule for every kind: a failure that may pass (no answer, 5xx, 401, 408, 429; lib/retry.ts)
 * keeps the entries and tries again with back-off; any other refusal can never succeed, so the
 * entries are dropped and logged through the client error log. Kinds are sent side by side, so
 * one failing endpoint holds back only its own kind.
 */

// One kind stands for any kind here: the engine stores data and hands it back to its own kind.
type AnyKind = SyncKind<never, unknown>;

const registry = new Map<string, AnyKind>();

/**
 * Makes a kind's waiting entries sendable. Names are unique among kinds (entries carry them; the
 * app's list, src/client/app/learner-sync.ts, is checked for it): a kind registered again under
 * its name replaces the earlier one, as when development reloads its module.
 */
export function registerSyncKind(kind: AnyKind): void {
  registry.set(kind.name, kind);
}

/** How `submit` ended: answered now, or kept until the server can be reached. */
export type SubmitResult<Answer> = { sent: true; answer: Answer } | { sent: false };

/** What a flush did: entries answered (or refused for good), and entries still waiting. */
export interface FlushReport {
  settled: number;
  waiting: number;
}

type Outcome = { sent: true; answer: unknown } | { sent: false; error: unknown };
type Attempt = 'sent' | 'dropped' | 'retry';
type DeliveryListener = (answer: unknown, entries: readonly SyncEntry[]) => void;

export interface SyncEngineOptions extends RetryTimerOptions {
  userId: string;
  store: SyncStore;
  /** Whether this account is the one signed in: only then is anything sent. */
  isSignedIn: () => boolean;
  /** The page is hidden or being left: every request must outlive it (keepalive, at once). */
  isHidden?: () => boolean;
  now?: () => number;
  newId?: () => string;
}

const starting = Promise.resolve();

const documentHidden = () =>
  typeof document !== 'undefined' && document.visibilityState === 'hidden';

export class SyncEngine {
  readonly userId: string;
  private readonly store: SyncStore;
  private readonly isSignedIn: () => boolean;
  private readonly isHidden: () => boolean;
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly retry: RetryTimer;
  private readonly setTimer: NonNullable<RetryTimerOptions['setTimer']>;
  private readonly clearTimer: NonNullable<RetryTimerOptions['clearTimer']>;
  private gatherTimer: unknown = null;
  /** Each kind's sending, while it runs (a kind's entries go one round after another). */
  private readonly chains = new Map<string, Promise<void>>();
  /** Entries answered or refused for good since the page began (flush reports count by it). */
  private settledCount = 0;
  private readonly inFlight = new Set<string>();
  private readonly paused = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private readonly deliveries = new Map<string, Set<DeliveryListener>>();
  private readonly awaited = new Map<string, Outcome | null>();
  private byKind = new Map<string, readonly SyncEntry[]>();
  private byKindOf: readonly SyncEntry[] | null = null;

  constructor(options: SyncEngineOptions) {
    this.userId = options.userId;
    this.store = options.store;
    this.isSignedIn = options.isSignedIn;
    this.isHidden = options.isHidden ?? documentHidden;
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? randomUuid;
    this.retry = new RetryTimer(options);
    this.setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.clearTimer =
      options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  /** Every waiting entry of this account, oldest first (the same array until one changes). */
  entries(): readonly SyncEntry[] {
    return this.store.entries();
  }

  /** The waiting entries of one kind, oldest first (the same array until they change). */
  entriesOf<Data>(kind: SyncKind<Data, unknown>): readonly SyncEntry<Data>[] {
    const all = this.store.entries();
    if (all !== this.byKindOf) {
      this.byKind = new Map();
      this.byKindOf = all;
    }
    let mine = this.byKind.get(kind.name);
    if (!mine) {
      mine = all.filter((entry) => entry.kind === kind.name);
      this.byKind.set(kind.name, mine);
    }
    return mine as readonly SyncEntry<Data>[];
  }

  /** Whether the kind's last attempt failed in a way that may pass (its entries wait for a retry). */
  isWaiting(kind: SyncKind<never, unknown>): boolean {
    return this.paused.has(kind.name);
  }

  /** Called whenever the waiting entries or the waiting state change (useSyncExternalStore). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Another tab changed the stored entries (the `storage` event): listeners read them again. */
  changed(): void {
    for (const listener of this.listeners) listener();
  }

  /** Called with the server's answer to each request of the kind, before its entries leave. */
  onDelivered<Data, Answer>(
    kind: SyncKind<Data, Answer>,
    listener: (answer: Answer, entries: readonly SyncEntry<Data>[]) => void,
  ): () => void {
    let set = this.deliveries.get(kind.name);
    if (!set) {
      set = new Set();
      this.deliveries.set(kind.name, set);
    }
    const registered = listener as DeliveryListener;
    set.add(registered);
    return () => set.delete(registered);
  }

  /**
   * Records what the learner did (stored before anything is sent; an entry of the same key
   * replaces an older one) and sends it: now, at once when the page is going away, or after the
   * kind's gathering time.
   */
  add<Data>(kind: SyncKind<Data, unknown>, data: NoInfer<Data>): SyncEntry<Data> {
    registerSyncKind(kind as AnyKind);
    const entry: SyncEntry<Data> = { id: this.newId(), kind: kind.name, madeAt: this.now(), data };
    const key = kind.combine === 'ordered' ? null : kind.keyOf(data);
    const replaced = (kept: SyncEntry) =>
      key !== null &&
      kept.kind === kind.name &&
      kind.combine !== 'ordered' &&
      kind.keyOf(kept.data as Data) === key;
    this.store.write([...this.store.entries().filter((kept) => !replaced(kept)), entry]);
    this.changed();
    if (this.isHidden()) this.flushOnExit();
    else if (kind.combine === 'batched' && kind.gatherMs > 0) this.flushIn(kind.gatherMs);
    else void this.flush();
    return entry;
  }

  /**
   * Records and sends: resolves with the server's answer when it came now, `{ sent: false }`
   * when the entry waits for the connection; rejects with the error when the server refused it
   * for good (it was dropped).
   */
  async submit<Data, Answer>(
    kind: SyncKind<Data, Answer>,
    data: NoInfer<Data>,
  ): Promise<SubmitResult<Answer>> {
    const entry = this.add(kind, data);
    this.awaited.set(entry.id, null);
    try {
      // Only this kind's sending is awaited: a slow request of another kind holds nothing here.
      while (this.chains.has(kind.name)) await this.chains.get(kind.name);
      const outcome = this.awaited.get(entry.id);
      if (!outcome) return { sent: false };
      if (!outcome.sent) throw outcome.error;
      return { sent: true, answer: outcome.answer as Answer };
    } finally {
      this.awaited.delete(entry.id);
    }
  }

  /**
   * Sends what waits, every kind side by side; resolves once nothing is left or what is left
   * waits for a retry (planned with back-off).
   */
  async flush(): Promise<FlushReport> {
    const before = this.settledCount;
    if (this.isSignedIn()) for (const kind of this.kindsWaiting()) this.startSending(kind);
    while (this.chains.size > 0) await Promise.all(this.chains.values());
    const waiting = this.kindsWaiting().reduce((sum, kind) => sum + this.entriesOf(kind).length, 0);
    return { settled: this.settledCount - before, waiting };
  }

  /** Back online or shown again: try now rather than at the planned retry. */
  retryNow(): Promise<FlushReport> {
    this.retry.cancel();
    return this.flush();
  }

  /**
   * The page is hidden or left: every kind's next request starts now, with keepalive (there may
   * be no time for one after another). An ordered kind still sends only its first entry.
   */
  flushOnExit(): void {
    if (!this.isSignedIn()) return;
    for (const kind of this.kindsWaiting()) {
      for (const group of this.nextGroups(kind)) {
        void this.attempt(kind, group).then((result) => {
          if (result === 'retry') this.planRetry();
          else this.startSending(kind);
        });
      }
    }
  }

  /**
   * The account was deleted (decision 062): what it left waiting can never be sent, and goes
   * unsent. An answer still on its way finds nothing to settle.
   */
  discardAll(): void {
    this.retry.reset();
    if (this.gatherTimer !== null) this.clearTimer(this.gatherTimer);
    this.gatherTimer = null;
    this.paused.clear();
    this.store.write([]);
    this.changed();
  }

  private flushIn(ms: number): void {
    if (this.gatherTimer !== null) this.clearTimer(this.gatherTimer);
    this.gatherTimer = this.setTimer(() => {
      this.gatherTimer = null;
      void this.flush();
    }, ms);
  }

  /** The registered kinds that have entries waiting (another kind's wait for its code). */
  private kindsWaiting(): AnyKind[] {
    const names = new Set(this.store.entries().map((entry) => entry.kind));
    return [...names].flatMap((name) => registry.get(name) ?? []);
  }

  /** The requests a kind may start now (its entries already on their way are left out). */
  private nextGroups(kind: AnyKind): SyncEntry[][] {
    const entries = this.entriesOf(kind);
    const idle = entries.filter((entry) => !this.inFlight.has(entry.id));
    switch (kind.combine) {
      case 'ordered':
        return entries[0] && idle[0] === entries[0] ? [[entries[0]]] : [];
      case 'newest':
        return idle.map((entry) => [entry]);
      case 'batched':
        return idle.length > 0 ? [idle.slice(0, kind.max)] : [];
    }
  }

  /** Starts sending the kind's entries, unless that is under way. */
  private startSending(kind: AnyKind): void {
    if (this.chains.has(kind.name) || !this.isSignedIn()) return;
    // Marked before it starts: a sending that ends at once (nothing to send) unmarks itself.
    this.chains.set(kind.name, starting);
    const sending = this.sendKind(kind);
    if (this.chains.get(kind.name) === starting) this.chains.set(kind.name, sending);
  }

  /**
   * One kind's requests, one round after another, until none is left or one must wait; then the
   * retry is planned while any kind waits (or forgotten once none does).
   */
  private async sendKind(kind: AnyKind): Promise<void> {
    let waits = false;
    try {
      for (;;) {
        const groups = this.isSignedIn() ? this.nextGroups(kind) : [];
        if (groups.length === 0) break;
        const results = await Promise.all(groups.map((group) => this.attempt(kind, group)));
        if (results.includes('retry')) {
          waits = true;
          break;
        }
      }
    } finally {
      // Synchronously at the end: an entry added just after starts a new sending.
      this.chains.delete(kind.name);
    }
    if (!waits) this.setPaused(kind, false);
    if (this.paused.size > 0) this.planRetry();
    else if (this.chains.size === 0) this.retry.reset();
  }

  /** One request: its entries leave once answered or refused for good; they stay otherwise. */
  private async attempt(kind: AnyKind, group: SyncEntry[]): Promise<Attempt> {
    for (const entry of group) this.inFlight.add(entry.id);
    // A single entry is small: it always outlives the page. A batch only when the page is going
    // away (browsers cap the bytes of keepalive requests in flight).
    const context: SendContext = {
      sentAt: this.now(),
      keepalive: kind.combine !== 'batched' || this.isHidden(),
    };
    try {
      const answer =
        kind.combine === 'batched'
          ? await kind.send(group as never, context)
          : await kind.send(group[0] as never, context);
      this.settle(kind, group, { sent: true, answer });
      this.setPaused(kind, false);
      return 'sent';
    } catch (error) {
      if (isRetryable(error)) {
        this.setPaused(kind, true);
        return 'retry';
      }
      if (this.settle(kind, group, { sent: false, error })) {
        logClientError({
          code: 'VALIDATION_ERROR',
          message: 'A change waiting to be sent was refused by the server and dropped',
          context: {
            kind: kind.name,
            entries: group.length,
            status: isApiError(error) ? error.status : undefined,
            apiCode: isApiError(error) ? error.code : undefined,
          },
        });
      }
      return 'dropped';
    } finally {
      for (const entry of group) this.inFlight.delete(entry.id);
    }
  }

  /**
   * Removes a request's entries (the first answer for them only: another tab, or a keepalive copy,
   * may have sent them too); listeners hear a delivery before its entries leave, so a list can
   * take the answer before the entry shown on top of it goes. True when something left.
   */
  private settle(kind: AnyKind, group: SyncEntry[], outcome: Outcome): boolean {
    const ids = new Set(group.map((entry) => entry.id));
    const stored = this.store.entries();
    const leaving = stored.filter((entry) => ids.has(entry.id));
    if (leaving.length === 0) return false;
    this.settledCount += leaving.length;
    if (outcome.sent) {
      for (const listener of this.deliveries.get(kind.name) ?? []) {
        try {
          listener(outcome.answer, leaving);
        } catch (error) {
          // A listener's fault must not keep delivered entries waiting: reported, not thrown here.
          setTimeout(() => {
            throw error;
          });
        }
      }
    }
    for (const entry of leaving) {
      if (this.awaited.has(entry.id)) this.awaited.set(entry.id, outcome);
    }
    this.store.write(this.store.entries().filter((entry) => !ids.has(entry.id)));
    this.changed();
    return true;
  }

  private setPaused(kind: AnyKind, paused: boolean): void {
    if (this.paused.has(kind.name) === paused) return;
    if (paused) this.paused.add(kind.name);
    else this.paused.delete(kind.name);
    this.changed();
  }

  private planRetry(): void {
    this.retry.schedule(() => void this.flush());
  }

  /** The planned retry waits this long (tests, diagnostics); null when none is planned. */
  get nextRetryDelay(): number | null {
    return this.retry.plannedDelay;
  }
}
