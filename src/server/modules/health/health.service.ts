import type { ObjectStorage } from '../../lib/storage/storage.ts';
import type { HealthRepository } from './health.repository.ts';

async function timed(check: () => Promise<{ ok: boolean; detail?: string }>) {
  const started = performance.now();
  try {
    const result = await check();
    return { ...result, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return {
      ok: false,
      detail: error instanceof Error ? error.message : String(error),
      latencyMs: Math.round(performance.now() - started),
    };
  }
}

/** Whether the database and the file storage answer, and how fast. */
export function createHealthService(deps: { health: HealthRepository; storage: ObjectStorage }) {
  const { health, storage } = deps;
  return {
    async check() {
      const [database, files] = await Promise.all([
        timed(async () => {
          await health.ping();
          return { ok: true };
        }),
        timed(() => storage.check()),
      ]);
      return {
        status: database.ok && files.ok ? ('ok' as const) : ('degraded' as const),
        database,
        storage: { ...files, kind: storage.kind },
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
