import type { SyncEntry } from './sync-kind';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isEntry = (value: unknown): value is SyncEntry => {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.id === 'string' &&
    typeof entry.kind === 'string' &&
    typeof entry.madeAt === 'number' &&
    Number.isFinite(entry.madeAt) &&
    typeof entry.data === 'object' &&
    entry.data !== null
  );
};

function parse(raw: string | null): readonly SyncEntry[] {
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

/** localStorage, or null where it cannot be used (blocked, some privacy modes, the server). */
export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * One account's waiting entries, oldest first, under one localStorage key. `entries()` returns
 * the same array until the stored value changes (here or in another tab), as
 * useSyncExternalStore needs. When storage cannot be written (full, blocked) the page keeps the
 * entries in memory from then on: they are still sent while it lives.
 */
export class SyncStore {
  private storage: KeyValueStorage | null;
  private memory: readonly SyncEntry[] = [];
  private snapshot: readonly SyncEntry[] = [];
  private snapshotOf: string | null = null;

  constructor(
    readonly key: string,
    storage: KeyValueStorage | null,
  ) {
    this.storage = storage;
  }

  private raw(): string | null {
    try {
      return this.storage?.getItem(this.key) ?? null;
    } catch {
      return null;
    }
  }

  entries(): readonly SyncEntry[] {
    if (!this.storage) return this.memory;
    const raw = this.raw();
    if (raw !== this.snapshotOf) {
      this.snapshot = parse(raw);
      this.snapshotOf = raw;
    }
    return this.snapshot;
  }

  /** Replaces the entries; false when they could only be kept in this page's memory. */
  write(entries: readonly SyncEntry[]): boolean {
    this.memory = entries;
    if (!this.storage) return false;
    try {
      if (entries.length === 0) this.storage.removeItem(this.key);
      else this.storage.setItem(this.key, JSON.stringify(entries));
      return true;
    } catch {
      this.storage = null;
      return false;
    }
  }
}
