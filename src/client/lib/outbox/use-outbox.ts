import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { outboxKey } from '#shared/offline/offline-storage';
import { getOutbox, type OutboxAnswer, type OutboxEntry } from './outbox';

const none: readonly OutboxEntry[] = [];
const noop = () => () => undefined;

/**
 * The account's operations not yet delivered, oldest first (none for a visitor or on the
 * server): the UI shows them on top of the server's lists, so what was done offline shows at
 * once and after a reload. Follows other tabs through the `storage` event.
 */
export function useOutboxEntries(userId: string | null | undefined): readonly OutboxEntry[] {
  const outbox = userId ? getOutbox(userId) : null;
  useEffect(() => {
    if (!outbox) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === outboxKey(outbox.userId)) outbox.changed();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [outbox]);
  const subscribe = useCallback(
    (listener: () => void) => (outbox ? outbox.subscribe(listener) : noop()),
    [outbox],
  );
  return useSyncExternalStore(
    subscribe,
    () => (outbox ? outbox.pending() : none),
    () => none,
  );
}

/** Calls `listener` with the server's answer to each operation delivered while mounted. */
export function useOutboxAnswers(
  userId: string | null | undefined,
  listener: (entry: OutboxEntry, answer: OutboxAnswer) => void,
): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!userId) return;
    return getOutbox(userId).onAnswer((entry, answer) => latest.current(entry, answer));
  }, [userId]);
}
