import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { SyncEngine } from './sync-engine';
import type { SyncEntry, SyncKind } from './sync-kind';
import { browserSyncEngine } from './sync-engines';

const none: readonly never[] = [];

/** Subscribes React to the engine's changes (none without an engine). */
const useEngineSubscription = (engine: SyncEngine | null) =>
  useCallback(
    (listener: () => void) => (engine ? engine.subscribe(listener) : () => undefined),
    [engine],
  );

/**
 * The account's entries of a kind not yet answered by the server, oldest first (none for a
 * visitor or on the server): the UI shows them on top of the server's lists, so what was done
 * offline shows at once and after a reload. Follows other tabs.
 */
export function useSyncEntries<Data>(
  userId: string | null | undefined,
  kind: SyncKind<Data, unknown>,
): readonly SyncEntry<Data>[] {
  const engine = browserSyncEngine(userId);
  return useSyncExternalStore(
    useEngineSubscription(engine),
    () => (engine ? engine.entriesOf(kind) : none),
    () => none,
  );
}

/** Whether the kind's entries wait for a retry after a failure that may pass (offline, 5xx). */
export function useSyncWaiting(
  userId: string | null | undefined,
  kind: SyncKind<never, unknown>,
): boolean {
  const engine = browserSyncEngine(userId);
  return useSyncExternalStore(
    useEngineSubscription(engine),
    () => engine?.isWaiting(kind) ?? false,
    () => false,
  );
}

/** Calls `listener` with the server's answer to each request of the kind delivered while mounted. */
export function useSyncDeliveries<Data, Answer>(
  userId: string | null | undefined,
  kind: SyncKind<Data, Answer>,
  listener: (answer: Answer, entries: readonly SyncEntry<Data>[]) => void,
): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  const engine = browserSyncEngine(userId);
  useEffect(() => {
    if (!engine) return;
    return engine.onDelivered(kind, (answer, entries) => latest.current(answer, entries));
  }, [engine, kind]);
}
