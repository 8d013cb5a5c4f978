import { useSyncExternalStore } from 'react';
import type { z } from 'zod';

type StorageKind = 'local' | 'session';

function storageOf(kind: StorageKind): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Reading the storage property throws when storage is disabled (some privacy modes).
    return null;
  }
}

export interface StoredValue<T> {
  readonly key: string;
  /** The stored value, or the fallback when missing, unreadable or not matching the schema. */
  read(): T;
  /** Stores the value (null removes it); throws when the browser refuses to store it. */
  write(value: T | null): void;
  /** The current value, re-rendering on every write (from this tab) and storage event (others). */
  use(): T;
}

/**
 * One JSON value in local or session storage, checked with its contract schema when read back
 * (storage is user-editable). Snapshots are cached by raw text so React sees stable values.
 */
export function storedValue<S extends z.ZodType>(
  kind: StorageKind,
  key: string,
  schema: S,
  fallback: z.infer<S>,
): StoredValue<z.infer<S>> {
  type T = z.infer<S>;
  const listeners = new Set<() => void>();
  let cachedRaw: string | null = null;
  let cachedValue: T = fallback;

  const read = (): T => {
    let raw: string | null = null;
    try {
      raw = storageOf(kind)?.getItem(key) ?? null;
    } catch {
      raw = null;
    }
    if (raw === cachedRaw) return cachedValue;
    cachedRaw = raw;
    if (raw === null) {
      cachedValue = fallback;
    } else {
      try {
        const parsed = schema.safeParse(JSON.parse(raw));
        cachedValue = parsed.success ? parsed.data : fallback;
      } catch {
        cachedValue = fallback;
      }
    }
    return cachedValue;
  };

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === key) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };

  return {
    key,
    read,
    write(value) {
      const storage = storageOf(kind);
      if (!storage) throw new Error('Browser storage is not available');
      try {
        if (value === null) storage.removeItem(key);
        else storage.setItem(key, JSON.stringify(value));
      } finally {
        notify();
      }
    },
    use() {
      return useSyncExternalStore(subscribe, read, () => fallback);
    },
  };
}
