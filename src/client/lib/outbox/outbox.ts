import type { Bookmark } from '#shared/contracts/bookmarks';
import type { SaveItemBody, SavedItem } from '#shared/contracts/saved-items';
import { savedItemRoutes } from '#shared/contracts/saved-items-routes';
import { outboxKey } from '#shared/offline/offline-storage';
import { apiFetch, isApiError } from '#client/lib/api-client';
import { logClientError } from '#client/lib/error-log';
import { randomUuid } from '#client/lib/random-uuid';
import { isRetryable } from '#client/lib/retry';
import { retryAppSyncLater } from './app-sync';

/*
 * The outbox (decision 041): bookmarks and saved items changed while the server could not be
 * reached. Every operation is written to localStorage (per account) before it is sent, sent in
 * the order made, one after another, and leaves only once the server answered it. The server
 * makes each one safe to send twice (a client-made bookmark id, newest-wins note edits, deletes
 * of what is gone are success), so two tabs flushing at once change nothing.
 */

/** What a learner did, as it will be sent. Times are the client's clock (ms since epoch). */
export type OutboxOperation =
  | {
      kind: 'bookmark.create';
      id: string;
      chapterId: string;
      positionSeconds: number;
      segmentId?: string;
      note?: string;
    }
  | { kind: 'bookmark.note'; id: string; chapterId: string; note: string | null }
  | { kind: 'bookmark.delete'; id: string; chapterId: string }
  | { kind: 'saved.save'; body: SaveItemBody }
  | { kind: 'saved.delete'; id: string };

export interface OutboxEntry {
  /** This entry's own id (an operation may be queued twice, e.g. two note edits). */
  entryId: string;
  /** The account that made it: another account signed in later never sends it. */
  userId: string;
  /** When it was made (client clock). */
  madeAt: number;
  operation: OutboxOperation;
}

/** The server's answer to an operation: the bookmark or item as stored, or nothing (deletes). */
export type OutboxAnswer = Bookmark | SavedItem | null;

export type SendOperation = (entry: OutboxEntry, sentAt: number) => Promise<OutboxAnswer>;

const bookmarkUrl = (id: string) => `/api/bookmarks/${encodeURIComponent(id)}`;

/** One HTTP call per operation; the bodies are the shared contracts'. */
export const sendOperation: SendOperation = async ({ operation, madeAt }, sentAt) => {
  switch (operation.kind) {
    case 'bookmark.create': {
      const { kind: _kind, ...fields } = operation;
      const body = { ...fields, editedAt: madeAt, sentAt };
      return (
        await apiFetch<{ bookmark: Bookmark }>('/api/bookmarks', { method: 'POST', json: body })
      ).bookmark;
    }
    case 'bookmark.note': {
      const body = { note: operation.note, editedAt: madeAt, sentAt };
      return (
        await apiFetch<{ bookmark: Bookmark }>(bookmarkUrl(operation.id), {
          method: 'PATCH',
          json: body,
        })
      ).bookmark;
    }
    case 'bookmark.delete':
      await apiFetch<void>(bookmarkUrl(operation.id), { method: 'DELETE' });
      return null;
    case 'saved.save':
      return (
        await apiFetch<{ item: SavedItem }>(savedItemRoutes.create, {
          method: 'POST',
          json: operation.body,
        })
      ).item;
    case 'saved.delete':
      await apiFetch<void>(savedItemRoutes.remove(operation.id), { method: 'DELETE' });
      return null;
  }
};

/** How `submit` ended: answered now, or kept for later (no connection, server failing). */
export type SubmitResult = { sent: true; answer: OutboxAnswer } | { sent: false };

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface OutboxOptions {
  userId: string;
  storage?: Storage | null;
  send?: SendOperation;
  now?: () => number;
  newId?: () => string;
  /** An entry is still waiting after a failure: someone must try again later (app-sync). */
  onPaused?: () => void;
}

const MAX_ENTRIES = 500;

const isEntry = (value: unknown): value is OutboxEntry => {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  const operation = entry.operation as Record<string, unknown> | null | undefined;
  return (
    typeof entry.entryId === 'string' &&
    typeof entry.userId === 'string' &&
    typeof entry.madeAt === 'number' &&
    typeof operation === 'object' &&
    operation !== null &&
    typeof operation.kind === 'string'
  );
};

function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

type Outcome = { sent: true; answer: OutboxAnswer } | { sent: false; error: unknown };

export class Outbox {
  readonly userId: string;
  private readonly storage: Storage | null;
  private readonly send: SendOperation;
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly onPaused?: () => void;
  private memory: OutboxEntry[] = [];
  private snapshot: OutboxEntry[] | null = null;
  private snapshotOf: string | OutboxEntry[] | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly answerListeners = new Set<(entry: OutboxEntry, answer: OutboxAnswer) => void>();
  private readonly outcomes = new Map<string, Outcome>();
  private flushing: Promise<boolean> | null = null;
  private flushAgain = false;

  constructor(options: OutboxOptions) {
    this.userId = options.userId;
    this.storage = options.storage === undefined ? defaultStorage() : options.storage;
    this.send = options.send ?? sendOperation;
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? randomUuid;
    this.onPaused = options.onPaused;
  }

  private key(): string {
    return outboxKey(this.userId);
  }

  private raw(): string | null {
    if (!this.storage) return null;
    try {
      return this.storage.getItem(this.key());
    } catch {
      return null;
    }
  }

  private read(): OutboxEntry[] {
    if (!this.storage) return [...this.memory];
    try {
      const raw = this.raw();
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
    } catch {
      return [];
    }
  }

  private write(entries: OutboxEntry[]): void {
    const kept = entries.slice(-MAX_ENTRIES);
    this.memory = kept;
    try {
      if (kept.length === 0) this.storage?.removeItem(this.key());
      else this.storage?.setItem(this.key(), JSON.stringify(kept));
    } catch {
      // Quota or privacy mode: the in-memory copy is still sent while the page lives.
    }
    this.changed();
  }

  /**
   * This account's operations waiting for the server, oldest first: the same array until the
   * stored queue changes (here, in another tab, or cleared), as useSyncExternalStore needs.
   */
  pending(): OutboxEntry[] {
    const raw = this.storage ? this.raw() : this.memory;
    if (this.snapshot === null || raw !== this.snapshotOf) {
      this.snapshot = this.read().filter((entry) => entry.userId === this.userId);
      this.snapshotOf = raw;
    }
    return this.snapshot;
  }

  /** Another tab changed the stored queue (the `storage` event): listeners re-read it. */
  changed(): void {
    this.snapshot = null;
    for (const listener of this.listeners) listener();
  }

  /** Called whenever the pending operations change (for useSyncExternalStore). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called with the server's answer to each operation delivered, before it leaves the queue. */
  onAnswer(listener: (entry: OutboxEntry, answer: OutboxAnswer) => void): () => void {
    this.answerListeners.add(listener);
    return () => this.answerListeners.delete(listener);
  }

  /** Records an operation (it shows at once through `pending`) and tries to send it. */
  add(operation: OutboxOperation): OutboxEntry {
    const entry: OutboxEntry = {
      entryId: this.newId(),
      userId: this.userId,
      madeAt: this.now(),
      operation,
    };
    this.write([...this.read(), entry]);
    return entry;
  }

  /**
   * Records the operation and sends the queue: resolves with the server's answer when it was
   * delivered now, `{ sent: false }` when it waits for the connection; rejects with the error
   * when the server refused it for good (it was dropped).
   */
  async submit(operation: OutboxOperation): Promise<SubmitResult> {
    const entry = this.add(operation);
    await this.flush();
    const outcome = this.outcomes.get(entry.entryId);
    this.outcomes.delete(entry.entryId);
    if (!outcome) return { sent: false };
    if (!outcome.sent) throw outcome.error;
    return outcome;
  }

  private remove(entry: OutboxEntry): void {
    this.write(this.read().filter((kept) => kept.entryId !== entry.entryId));
  }

  /** One attempt: true when the entry left the queue (answered, or refused for good). */
  private async attempt(entry: OutboxEntry): Promise<boolean> {
    try {
      const answer = await this.send(entry, this.now());
      for (const listener of this.answerListeners) listener(entry, answer);
      this.outcomes.set(entry.entryId, { sent: true, answer });
      this.remove(entry);
      return true;
    } catch (error) {
      if (isRetryable(error)) return false;
      this.outcomes.set(entry.entryId, { sent: false, error });
      this.remove(entry);
      logClientError({
        code: 'VALIDATION_ERROR',
        message: 'An operation made offline was refused and dropped',
        context: {
          kind: entry.operation.kind,
          status: isApiError(error) ? error.status : undefined,
          apiCode: isApiError(error) ? error.code : undefined,
        },
      });
      return true;
    }
  }

  /**
   * Sends the waiting operations in order, one at a time; resolves true when none is left, false
   * when a retryable failure paused the queue (the rest wait behind it: order matters).
   */
  flush(): Promise<boolean> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = this.run().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async run(): Promise<boolean> {
    do {
      this.flushAgain = false;
      const mine = (entry: OutboxEntry) => entry.userId === this.userId;
      for (const entry of this.read().filter(mine)) {
        // Re-read: another tab may have sent it meanwhile.
        if (!this.read().some((kept) => kept.entryId === entry.entryId)) continue;
        if (!(await this.attempt(entry))) {
          this.onPaused?.();
          return false;
        }
      }
    } while (this.flushAgain);
    return true;
  }
}

const outboxes = new Map<string, Outbox>();

/** The one outbox of an account in this page (the UI and the app-wide flusher share it). */
export function getOutbox(userId: string): Outbox {
  let outbox = outboxes.get(userId);
  if (!outbox) {
    // Paused by a failure: the app-wide flusher plans the next attempt (with back-off).
    outbox = new Outbox({ userId, onPaused: retryAppSyncLater });
    outboxes.set(userId, outbox);
  }
  return outbox;
}

/** The app-wide flusher's entry point: true when nothing of this account waits any more. */
export const flushOutbox = (userId: string): Promise<boolean> => getOutbox(userId).flush();
