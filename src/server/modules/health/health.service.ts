import type { AudioToolsStatus } from '../../lib/audio/index.ts';
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

/** ffmpeg does not come and go while the process runs: asked once, then remembered this long. */
const AUDIO_TOOLS_TTL_MS = 5 * 60_000;

/**
 * Whether the database and the file storage answer, and how fast; and whether audio can be
 * decoded (the content studio needs ffmpeg). Only the first two take an instance out of rotation:
 * learners listen without ffmpeg, so a missing one is reported, not fatal.
 */
export function createHealthService(deps: {
  health: HealthRepository;
  storage: ObjectStorage;
  checkAudioTools: () => Promise<AudioToolsStatus>;
}) {
  const { health, storage } = deps;
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

    async check() {
      const [database, files, audioDecoding] = await Promise.all([
        timed(async () => {
          await health.ping();
          return { ok: true };
        }),
        timed(() => storage.check()),
        timed(audio),
      ]);
      return {
        status: database.ok && files.ok ? ('ok' as const) : ('degraded' as const),
        database,
        storage: { ...files, kind: storage.kind },
        audioDecoding,
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
