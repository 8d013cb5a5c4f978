import { useSyncExternalStore } from 'react';

/** The active segment's index, for the few components that show it ('n de total'). */
export interface ActiveSegmentStore {
  get(): number;
  set(index: number): void;
  subscribe(listener: () => void): () => void;
}

export function createActiveSegmentStore(): ActiveSegmentStore {
  let value = -1;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(index) {
      if (index === value) return;
      value = index;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const useActiveSegment = (store: ActiveSegmentStore): number =>
  useSyncExternalStore(store.subscribe, store.get, store.get);
