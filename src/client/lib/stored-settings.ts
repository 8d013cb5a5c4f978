/**
 * Settings kept as JSON under one localStorage key, for useSyncExternalStore: read back through
 * `parse` (cached by the stored text, so React sees a stable object), followed across tabs
 * (storage events), and kept for this page view when the browser refuses to store them.
 */
export function storedSettings<T>(key: string, parse: (raw: string | null) => T) {
  let cached: { raw: string | null; settings: T } | null = null;
  const listeners = new Set<() => void>();

  const readRaw = (): string | null => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };

  const get = (): T => {
    const raw = readRaw();
    if (cached === null || cached.raw !== raw) cached = { raw, settings: parse(raw) };
    return cached.settings;
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };

  const save = (settings: T): void => {
    const raw = JSON.stringify(settings);
    try {
      localStorage.setItem(key, raw);
      cached = { raw, settings };
    } catch {
      // Storage unavailable: keep the choice for this page view.
      cached = { raw: readRaw(), settings };
    }
    for (const listener of listeners) listener();
  };

  return { get, subscribe, save };
}
