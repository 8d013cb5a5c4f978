import type { Heartbeat } from './jobs.repository.ts';

export interface JobProgress {
  stage: string;
  /** 0–1 of the whole job. */
  fraction: number;
}

export interface JobHeartbeatOptions {
  /** Writes the heartbeat (with the newest progress, when there is some) and reads the answer. */
  write(progress: JobProgress | undefined): Promise<Heartbeat>;
  /** The job is no longer this worker's, or an administrator cancelled it. */
  onVerdict(verdict: 'lost' | 'cancelled'): void;
  onWriteError(error: unknown): void;
  /** Progress within one stage is written at most this often; a new stage at once. */
  minIntervalMs: number;
  now?: () => number;
}

const clampFraction = (fraction: number) =>
  Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;

/**
 * A running job's line to the database. Each write says the worker is alive and reads back
 * whether the job was cancelled (or taken over). Handlers may report progress thousands of times
 * (per sentence of an hour-long chapter): reports are coalesced so that at most one write is in
 * flight and, within one stage, one is made per `minIntervalMs`.
 */
export function createJobHeartbeat(options: JobHeartbeatOptions) {
  const { write, onVerdict, onWriteError, minIntervalMs, now = Date.now } = options;
  let pending: JobProgress | undefined;
  let lastStage: string | undefined;
  let lastWriteAt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<void> | undefined;
  let writeAgain = false;

  async function writeUntilSettled() {
    do {
      writeAgain = false;
      const progress = pending;
      pending = undefined;
      lastWriteAt = now();
      try {
        const heartbeat = await write(progress);
        if (!heartbeat.owned) onVerdict('lost');
        else if (heartbeat.cancelRequested) onVerdict('cancelled');
      } catch (error) {
        onWriteError(error);
      }
    } while (writeAgain);
  }

  /** Writes now (the periodic heartbeat, or a new stage); resolves when written. */
  function beat(): Promise<void> {
    if (inFlight) {
      writeAgain = true;
      return inFlight;
    }
    inFlight = writeUntilSettled().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  return {
    beat,
    /** Records where the job is; writes it now when the stage changed or enough time passed. */
    report(stage: string, fraction: number): void {
      pending = { stage, fraction: clampFraction(fraction) };
      const newStage = stage !== lastStage;
      lastStage = stage;
      if (newStage || now() - lastWriteAt >= minIntervalMs) void beat();
    },
    /** Resolves once no write is in flight. */
    async settle(): Promise<void> {
      while (inFlight) await inFlight;
    },
  };
}

export type JobHeartbeat = ReturnType<typeof createJobHeartbeat>;
