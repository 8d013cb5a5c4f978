import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { JobKind } from '#shared/contracts/jobs';
import type { NotifyChannel } from '../../db/notify-channel.ts';
import { AppError } from '../errors.ts';
import { JobCancelledError, JobFailure, UNEXPECTED_FAILURE } from './job-errors.ts';
import { createJobHeartbeat } from './job-heartbeat.ts';
import type { JobMessage } from './job-queue.ts';
import type { JobOutcome, JobRow, JobsRepository } from './jobs.repository.ts';

/** What a handler gets to do one job. */
export interface JobContext {
  jobId: string;
  /** As enqueued: the handler checks its shape. */
  payload: Record<string, unknown>;
  /** 1 on the first run, more after the job was taken over from a worker that died. */
  attempt: number;
  createdBy: string | null;
  /**
   * Where the job is, for the progress bar: a stage for people and 0–1 of the whole. It is also
   * the worker's sign of life. Throws once the job was cancelled (or the worker is stopping), so
   * that a handler reporting between its steps stops there.
   */
  reportProgress(stage: string, fraction: number): void;
  /** Aborted when the job is cancelled, taken over, or the worker stops: pass it to long steps. */
  signal: AbortSignal;
}

/** Does one job; resolves with its result (kept as the job's `result`). */
export type JobHandler = (context: JobContext) => Promise<Record<string, unknown>>;
export type JobHandlers = Partial<Record<JobKind, JobHandler>>;

export interface JobWorkerOptions {
  /** Jobs run at once by this worker. */
  concurrency: number;
  /** How often an idle worker looks for jobs without being told (NOTIFY wakes it at once). */
  pollIntervalMs: number;
  /** How often a running job's worker says it is alive, even when the handler reports nothing. */
  heartbeatIntervalMs: number;
  /** A running job whose worker has been silent this long is taken over by another worker. */
  staleAfterMs: number;
  /** On stop, running jobs may finish for this long before they are put back in the queue. */
  shutdownGraceMs: number;
  /** Progress within one stage is written at most this often. */
  progressWriteIntervalMs?: number;
}

/** How long a stopping worker waits for aborted handlers to return before it lets them go. */
const ABORT_SETTLE_MS = 2000;
const DEFAULT_PROGRESS_WRITE_INTERVAL_MS = 500;

/** Signal reasons: why the worker stopped a handler. */
class WorkerStopping extends Error {
  constructor() {
    super('The server is stopping; the job goes back to the queue');
    this.name = 'WorkerStopping';
  }
}
class JobTakenOver extends Error {
  constructor() {
    super('Another worker took this job over');
    this.name = 'JobTakenOver';
  }
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

interface RunningJob {
  row: JobRow;
  controller: AbortController;
  done: Promise<void>;
  /** Put back in the queue by `stop` while its handler was still busy: its ending is ignored. */
  abandoned: boolean;
}

const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * One instance's worker (decision 021). It claims the oldest job it has a handler for
 * (`FOR UPDATE SKIP LOCKED`: never a job another worker holds), runs up to `concurrency` at once,
 * and keeps a heartbeat on each; a job whose worker went silent for `staleAfterMs` is taken over
 * here, until it has been interrupted `max_attempts` times. It wakes on the jobs channel's NOTIFY
 * and polls every `pollIntervalMs` in case one was missed.
 *
 * Stopping (the app closes): no new job is claimed; running jobs get `shutdownGraceMs` to finish
 * (a quick one ends normally), then their signal is aborted and they are put back in the queue
 * with their attempt given back, so another instance takes them over at once rather than after
 * the stale timeout.
 */
export function createJobWorker(deps: {
  jobs: JobsRepository;
  channel: Pick<NotifyChannel<JobMessage>, 'subscribe' | 'stop'>;
  handlers: JobHandlers;
  options: JobWorkerOptions;
  log: Logger;
  workerId?: string;
}) {
  const { jobs, channel, handlers, options, log } = deps;
  const workerId = deps.workerId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const kinds = (Object.keys(handlers) as JobKind[]).filter((kind) => handlers[kind]);
  const staleSeconds = options.staleAfterMs / 1000;
  const running = new Map<string, RunningJob>();
  let started = false;
  let stopping = false;
  let claiming: Promise<void> | undefined;
  let claimAgain = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let leaveChannel: (() => void) | undefined;

  function readableError(error: unknown, row: JobRow): string {
    if (error instanceof JobFailure || error instanceof AppError) return error.message;
    log.error({ err: error, jobId: row.id, kind: row.kind }, 'job failed unexpectedly');
    return UNEXPECTED_FAILURE;
  }

  async function finish(row: JobRow, outcome: JobOutcome) {
    try {
      const ended = await jobs.finish(row.id, workerId, outcome);
      if (ended) log.info({ jobId: row.id, kind: row.kind, status: ended.status }, 'job ended');
    } catch (error) {
      // The job stays running without heartbeats: another worker ends or retries it after the
      // stale timeout.
      log.error({ err: error, jobId: row.id }, 'could not record the end of a job');
    }
  }

  async function run(entry: RunningJob, handler: JobHandler) {
    const { row, controller } = entry;
    const heartbeat = createJobHeartbeat({
      write: (progress) => jobs.heartbeat(row.id, workerId, progress),
      onVerdict: (verdict) => {
        if (!controller.signal.aborted) {
          controller.abort(verdict === 'cancelled' ? new JobCancelledError() : new JobTakenOver());
        }
      },
      onWriteError: (error) => log.warn({ err: error, jobId: row.id }, 'job heartbeat failed'),
      minIntervalMs: options.progressWriteIntervalMs ?? DEFAULT_PROGRESS_WRITE_INTERVAL_MS,
    });
    const timer = setInterval(() => void heartbeat.beat(), options.heartbeatIntervalMs);
    timer.unref();
    const context: JobContext = {
      jobId: row.id,
      payload: row.payload,
      attempt: row.attempts,
      createdBy: row.createdBy,
      signal: controller.signal,
      reportProgress(stage, fraction) {
        controller.signal.throwIfAborted();
        heartbeat.report(stage, fraction);
      },
    };
    let outcome: { ok: true; result: Record<string, unknown> } | { ok: false; error: unknown };
    try {
      outcome = { ok: true, result: await handler(context) };
    } catch (error) {
      outcome = { ok: false, error };
    } finally {
      clearInterval(timer);
    }
    await heartbeat.settle();
    if (entry.abandoned) return;
    const reason: unknown = controller.signal.aborted ? controller.signal.reason : undefined;
    if (reason instanceof JobTakenOver) {
      log.warn({ jobId: row.id }, 'job taken over by another worker; this run is dropped');
    } else if (outcome.ok) {
      await finish(row, { status: 'succeeded', result: outcome.result });
    } else if (reason instanceof WorkerStopping) {
      await jobs.release(row.id, workerId).catch((error: unknown) => {
        log.warn({ err: error, jobId: row.id }, 'could not put a job back in the queue');
      });
    } else if (reason instanceof JobCancelledError || outcome.error instanceof JobCancelledError) {
      await finish(row, { status: 'cancelled' });
    } else {
      await finish(row, { status: 'failed', error: readableError(outcome.error, row) });
    }
  }

  function launch(row: JobRow) {
    const handler = handlers[row.kind as JobKind]!;
    const entry: RunningJob = {
      row,
      controller: new AbortController(),
      done: Promise.resolve(),
      abandoned: false,
    };
    running.set(row.id, entry);
    log.info({ jobId: row.id, kind: row.kind, attempt: row.attempts, workerId }, 'job started');
    entry.done = run(entry, handler).finally(() => {
      running.delete(row.id);
      void wake();
    });
  }

  async function claimWhileThereIsRoom(): Promise<void> {
    do {
      claimAgain = false;
      for (const ended of await jobs.endAbandoned(kinds, staleSeconds)) {
        log.warn({ jobId: ended.id, status: ended.status }, 'abandoned job ended');
      }
      while (!stopping && running.size < options.concurrency) {
        const row = await jobs.claimNext(kinds, workerId, staleSeconds);
        if (!row) break;
        launch(row);
      }
    } while (claimAgain && !stopping);
  }

  /** Claims jobs while there is room; calls during a round fold into one more round. */
  function wake(): Promise<void> {
    if (!started || stopping) return Promise.resolve();
    if (claiming) {
      claimAgain = true;
      return claiming;
    }
    claiming = claimWhileThereIsRoom()
      .catch((error: unknown) => log.warn({ err: error, workerId }, 'could not look for jobs'))
      .finally(() => {
        claiming = undefined;
      });
    return claiming;
  }

  function onMessage(message: JobMessage) {
    if (message.type === 'queued') {
      if (kinds.includes(message.kind)) void wake();
    } else if (running.has(message.id)) {
      // The cancel is in the database: the next heartbeat reads it and aborts the handler.
      void jobs
        .heartbeat(message.id, workerId)
        .then((heartbeat) => {
          const entry = running.get(message.id);
          if (entry && heartbeat.cancelRequested && !entry.controller.signal.aborted) {
            entry.controller.abort(new JobCancelledError());
          }
        })
        .catch(() => undefined);
    }
  }

  return {
    id: workerId,
    kinds,

    /** Starts claiming (idempotent). Resolves once it listens for new jobs. */
    async start(): Promise<void> {
      if (started || stopping || options.concurrency < 1 || kinds.length === 0) return;
      started = true;
      leaveChannel = await channel.subscribe(onMessage);
      pollTimer = setInterval(() => void wake(), options.pollIntervalMs);
      pollTimer.unref();
      await wake();
    },

    /** The ids of the jobs running here now. */
    runningJobs(): string[] {
      return [...running.keys()];
    },

    async stop(): Promise<void> {
      if (stopping) return;
      stopping = true;
      clearInterval(pollTimer);
      leaveChannel?.();
      // A job claimed during this round is in `running` once the round ends.
      await claiming;
      const settled = () => Promise.all([...running.values()].map((entry) => entry.done));
      if (running.size > 0) await Promise.race([settled(), delay(options.shutdownGraceMs)]);
      for (const entry of running.values()) {
        if (!entry.controller.signal.aborted) entry.controller.abort(new WorkerStopping());
      }
      if (running.size > 0) await Promise.race([settled(), delay(ABORT_SETTLE_MS)]);
      // Handlers that ignore their signal are let go: their job goes back to the queue now, and
      // whatever they write later is refused (the job is no longer this worker's).
      for (const entry of running.values()) {
        entry.abandoned = true;
        await jobs.release(entry.row.id, workerId).catch(() => undefined);
      }
      await channel.stop();
    },
  };
}

export type JobWorker = ReturnType<typeof createJobWorker>;
