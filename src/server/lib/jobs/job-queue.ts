import type { Job, JobKind } from '#shared/contracts/jobs';
import type { DbExecutor } from '../../db/client.ts';
import type { NotifyChannel } from '../../db/notify-channel.ts';
import type { TransactionRunner } from '../../db/repository.ts';
import type { JobRow, JobsRepository, NewJob } from './jobs.repository.ts';

/** The PostgreSQL channel on which every instance's worker hears about new and cancelled jobs. */
export const JOBS_CHANNEL = 'relatos_jobs';

export type JobMessage = { type: 'queued'; kind: JobKind } | { type: 'cancel'; id: string };

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind as JobKind,
    status: row.status,
    stage: row.stage,
    progress: Math.min(1, Math.max(0, row.progress)),
    error: row.error,
    result: row.result ?? null,
    subjectId: row.subjectId,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const isFinished = (row: JobRow) => row.status !== 'queued' && row.status !== 'running';

/**
 * Where jobs are put and looked up (decision 021). A job is written in one transaction with the
 * caller's own writes (`alongside`: its audit entry), then announced on {@link JOBS_CHANNEL} so
 * that an idle worker on any instance starts at once instead of at its next poll.
 */
export function createJobQueue(deps: {
  jobs: JobsRepository;
  transaction: TransactionRunner;
  channel: Pick<NotifyChannel<JobMessage>, 'publish'>;
  log: { warn(obj: object, msg: string): void };
}) {
  const { jobs, transaction, channel, log } = deps;

  /** Workers poll as well, so a lost announcement only delays a job. */
  const announce = (message: JobMessage) =>
    channel.publish(message).catch((error: unknown) => {
      log.warn({ err: error, message }, 'could not announce a job change');
    });

  return {
    async enqueue(
      job: NewJob,
      alongside?: (row: JobRow, tx: DbExecutor) => Promise<void>,
    ): Promise<Job> {
      const row = await transaction(async (tx) => {
        const inserted = await jobs.in(tx).insert(job);
        await alongside?.(inserted, tx);
        return inserted;
      });
      await announce({ type: 'queued', kind: job.kind });
      return toJob(row);
    },

    /**
     * Enqueues the job unless one of its kind about the same subject is waiting or running (two
     * requests at once included): then that one is returned, and nothing is written.
     */
    async enqueueUnlessUnfinished(
      job: NewJob & { subjectId: string },
      alongside?: (row: JobRow, tx: DbExecutor) => Promise<void>,
    ): Promise<{ job: Job; created: boolean }> {
      const outcome = await transaction(async (tx) => {
        await jobs.in(tx).lockSubject(job.kind, job.subjectId);
        const unfinished = await jobs.in(tx).findUnfinished(job.kind, job.subjectId);
        if (unfinished) return { row: unfinished, created: false };
        const inserted = await jobs.in(tx).insert(job);
        await alongside?.(inserted, tx);
        return { row: inserted, created: true };
      });
      if (outcome.created) await announce({ type: 'queued', kind: job.kind });
      return { job: toJob(outcome.row), created: outcome.created };
    },

    /** Jobs of the installation by status, for the metrics. */
    countByStatus: () => jobs.countByStatus(),

    async get(id: string): Promise<Job | null> {
      const row = await jobs.findById(id);
      return row ? toJob(row) : null;
    },

    async latest(kind: JobKind, subjectId: string): Promise<Job | null> {
      const row = await jobs.latestFor(kind, subjectId);
      return row ? toJob(row) : null;
    },

    async unfinished(kind: JobKind, subjectId: string): Promise<Job | null> {
      const row = await jobs.findUnfinished(kind, subjectId);
      return row ? toJob(row) : null;
    },

    /**
     * A queued job is cancelled at once; a running one is asked to stop (its worker hears it on the
     * channel, or at its next heartbeat). A finished job stays as it is. `alongside` runs, in the
     * same transaction, only when something changed. Null when there is no such job.
     */
    async cancel(
      id: string,
      alongside?: (before: JobRow, tx: DbExecutor) => Promise<void>,
    ): Promise<Job | null> {
      const outcome = await transaction(async (tx) => {
        const before = await jobs.in(tx).findForUpdate(id);
        if (!before) return null;
        if (isFinished(before) || before.cancelRequested) return { row: before, changed: false };
        const row =
          before.status === 'queued'
            ? await jobs.in(tx).cancelQueued(id)
            : await jobs.in(tx).requestCancel(id);
        await alongside?.(before, tx);
        return { row: row!, changed: true };
      });
      if (!outcome) return null;
      if (outcome.changed && outcome.row.status === 'running')
        await announce({ type: 'cancel', id });
      return toJob(outcome.row);
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
