import type { TranslationServiceName } from '#shared/translation-services';
import type { AudioToolsStatus } from '../../lib/audio/index.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import type { HealthRepository } from './health.repository.ts';

/**
 * A check that does not answer within this long counts as failed: a load balancer's probe must get
 * its answer quickly, also while the database hangs rather than refuses.
 */
export const HEALTH_CHECK_TIMEOUT_MS = 2000;

export interface ComponentStatus {
  ok: boolean;
  latencyMs: number;
  /** What failed or which version answered: for administrators only (see health.routes.ts). */
  detail?: string;
}

async function timed(
  check: () => Promise<{ ok: boolean; detail?: string }>,
  timeoutMs: number,
): Promise<ComponentStatus> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ ok: boolean; detail: string }>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, detail: `no answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
  });
  try {
    const result = await Promise.race([check(), timeout]);
    return { ...result, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return {
      ok: false,
      detail: error instanceof Error ? error.message : String(error),
      latencyMs: Math.round(performance.now() - started),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** ffmpeg does not come and go while the process runs: asked once, then remembered this long. */
const AUDIO_TOOLS_TTL_MS = 5 * 60_000;

/**
 * Whether this instance should receive traffic, and how its dependencies fare. Only the database
 * and shutting down take an instance out of rotation ('unavailable'): without storage or ffmpeg
 * the instance still serves most of the product, and another instance would fare no better, so
 * those are reported ('degraded') but never a reason to answer 503.
 */
export function createHealthService(deps: {
  health: Pick<HealthRepository, 'ping'>;
  storage: ObjectStorage;
  checkAudioTools: () => Promise<AudioToolsStatus>;
  /** The translation services that serve this site (decision 044): listed, never probed here. */
  translationServices: () => TranslationServiceName[];
  timeoutMs?: number;
}) {
  const { health, storage } = deps;
  const timeoutMs = deps.timeoutMs ?? HEALTH_CHECK_TIMEOUT_MS;
  let shuttingDown = false;
  let audioTools: { at: number; status: Promise<AudioToolsStatus> } | undefined;
  const audio = () => {
    if (!audioTools || Date.now() - audioTools.at > AUDIO_TOOLS_TTL_MS) {
      audioTools = { at: Date.now(), status: deps.checkAudioTools() };
    }
    return audioTools.status;
  };
  return {
    /** For the start-up log: ok with ffmpeg's version, or what to install. */
    audioTools: audio,

    /** From now on the instance reports itself not ready, so load balancers stop sending to it. */
    beginShutdown() {
      shuttingDown = true;
    },

    get shuttingDown() {
      return shuttingDown;
    },

    async check() {
      const [database, files, audioDecoding] = await Promise.all([
        timed(async () => {
          await health.ping();
          return { ok: true };
        }, timeoutMs),
        timed(() => storage.check(), timeoutMs),
        timed(audio, timeoutMs),
      ]);
      const ready = database.ok && !shuttingDown;
      return {
        status: !ready
          ? ('unavailable' as const)
          : files.ok && audioDecoding.ok
            ? ('ok' as const)
            : ('degraded' as const),
        shuttingDown,
        database,
        storage: { ...files, kind: storage.kind },
        audioDecoding,
        translation: { services: deps.translationServices() },
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
export type HealthReport = Awaited<ReturnType<HealthService['check']>>;
