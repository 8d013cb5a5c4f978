import type { ObjectStorage } from '../../../src/server/lib/storage/storage.ts';

/**
 * A real storage that can be made unreachable on demand: while it is, every call fails as a
 * bucket that refuses connections does (the faults bench, issue 26, does it with a real S3 server).
 */
export function switchableStorage(storage: ObjectStorage) {
  let reachable = true;
  /** When set, only these calls fail (a storage that answers a check, then drops the read). */
  let failing: ReadonlySet<string> | null = null;
  const switched = new Proxy(storage, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (!reachable && (failing === null || failing.has(String(property))))
          return Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9000'));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    storage: switched,
    setReachable(value: boolean, only?: (keyof ObjectStorage)[]) {
      reachable = value;
      failing = only ? new Set(only) : null;
    },
  };
}
