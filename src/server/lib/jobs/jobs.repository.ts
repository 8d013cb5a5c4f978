import { and, asc, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { JobKind, JobStatus } from '#shared/contracts/jobs';
import { defineRepository } from '../../db/repository.ts';
import { backgroundJobs } from '../../db/schema.ts';
import { INTERRUPTED_TEMPLATE } from './job-errors.ts';

export type JobRow = typeof backgroundJobs.$inferSelect;

export interface NewJob {
  kind: JobKind;
  payload: Record<string, unknown>;
  subjectId?: string | null;
  createdBy?: string | null;
  maxAttempts?: number;
}

/** What a worker learns each time it says it is alive. */
export interface Heartbeat {
  /** False once the job is no longer this worker's (taken over, or finished elsewhere). */
  owned: boolean;
  cancelRequested: boolean;
}

export type JobOutcome =
  | { status: 'succeeded'; result: Record<string, unknown> }
  | { status: 'failed'; error: string }
  | { status: 'cancelled' };

const outcomeStage = { succeeded: 'Done', failed: 'Failed', cancelled: 'Cancelled' } as const;

/** interruptedMessage (job-errors.ts) of the job's attempt count, in SQL. */
const interruptedMessageSql = sql`replace(${INTERRUPTED_TEMPLATE}, '{times}', case when ${backgroundJobs.attempts} = 1 then 'once' else ${backgroundJobs.attempts}::text || ' times' end)`;

/** A running job whose worker has not said it is alive for `staleSeconds`: that worker is gone. */
const isStale = (staleSeconds: number) =>
  and(
    eq(backgroundJobs.status, 'running'),
    lt(backgroundJobs.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`),
  );

/** Every write of a worker about its job holds only while the job is still its own. */
const ownedBy = (id: string, workerId: string) =>
  and(
    eq(backgroundJobs.id, id),
    eq(backgroundJobs.lockedBy, workerId),
    eq(backgroundJobs.status, 'running'),
  );

/** The queue of background jobs (decision 021): the only SQL of lib/jobs. */
export const createJobsRepository = defineRepository((db) => ({
  async insert(job: NewJob): Promise<JobRow> {
    const [row] = await db
      .insert(backgroundJobs)
      .values({
        kind: job.kind,
        payload: job.payload,
        subjectId: job.subjectId ?? null,
        createdBy: job.createdBy ?? null,
        ...(job.maxAttempts === undefined ? {} : { maxAttempts: job.maxAttempts }),
      })
      .returning();
    return row!;
  },

  /** How many jobs of the installation are in each status (metrics). */
  async countByStatus(): Promise<Partial<Record<JobStatus, number>>> {
    const rows = await db
      .select({ status: backgroundJobs.status, count: sql<number>`count(*)::int` })
      .from(backgroundJobs)
      .groupBy(backgroundJobs.status);
    return Object.fromEntries(rows.map((row) => [row.status, row.count]));
  },

  async findById(id: string): Promise<JobRow | undefined> {
    const [row] = await db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id)).limit(1);
    return row;
  },

  /** One job, locked until the transaction ends. */
  async findForUpdate(id: string): Promise<JobRow | undefined> {
    const [row] = await db
      .select()
      .from(backgroundJobs)
      .where(eq(backgroundJobs.id, id))
      .limit(1)
      .for('update');
    return row;
  },

  /** The newest job of a kind about one chapter or story. */
  async latestFor(kind: JobKind, subjectId: string): Promise<JobRow | undefined> {
    const [row] = await db
      .select()
      .from(backgroundJobs)
      .where(and(eq(backgroundJobs.kind, kind), eq(backgroundJobs.subjectId, subjectId)))
      .orderBy(desc(backgroundJobs.createdAt), desc(backgroundJobs.id))
      .limit(1);
    return row;
  },

  /**
   * Serialises, until the transaction ends, every enqueue of this kind about this subject: the
   * check for an unfinished job and the insert happen as one step.
   */
  async lockSubject(kind: JobKind, subjectId: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`${kind}:${subjectId}`}))`);
  },

  /** A job of this kind about this subject that is waiting or running. */
  async findUnfinished(kind: JobKind, subjectId: string): Promise<JobRow | undefined> {
    const [row] = await db
      .select()
      .from(backgroundJobs)
      .where(
        and(
          eq(backgroundJobs.kind, kind),
          eq(backgroundJobs.subjectId, subjectId),
          inArray(backgroundJobs.status, ['queued', 'running']),
        ),
      )
      .limit(1);
    return row;
  },

  /**
   * Ends the jobs of these kinds whose worker died and which may not start again: those that were
   * asked to stop (cancelled), and those interrupted `max_attempts` times (failed, saying so).
   */
  async endAbandoned(kinds: readonly JobKind[], staleSeconds: number): Promise<JobRow[]> {
    return db
      .update(backgroundJobs)
      .set({
        status: sql`case when ${backgroundJobs.cancelRequested} then 'cancelled' else 'failed' end::job_status`,
        stage: sql`case when ${backgroundJobs.cancelRequested} then ${outcomeStage.cancelled} else ${outcomeStage.failed} end`,
        error: sql`case when ${backgroundJobs.cancelRequested} then null else ${interruptedMessageSql} end`,
        lockedBy: null,
        finishedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          inArray(backgroundJobs.kind, [...kinds]),
          isStale(staleSeconds),
          or(
            eq(backgroundJobs.cancelRequested, true),
            gte(backgroundJobs.attempts, backgroundJobs.maxAttempts),
          ),
        ),
      )
      .returning();
  },

  /**
   * Claims the oldest job of these kinds that is queued, or running under a worker that stopped
   * saying it is alive. `FOR UPDATE SKIP LOCKED`: two workers claiming at once never get the same
   * row, and neither waits for the other.
   */
  async claimNext(
    kinds: readonly JobKind[],
    workerId: string,
    staleSeconds: number,
  ): Promise<JobRow | undefined> {
    const next = db
      .select({ id: backgroundJobs.id })
      .from(backgroundJobs)
      .where(
        and(
          inArray(backgroundJobs.kind, [...kinds]),
          or(
            eq(backgroundJobs.status, 'queued'),
            and(
              isStale(staleSeconds),
              eq(backgroundJobs.cancelRequested, false),
              lt(backgroundJobs.attempts, backgroundJobs.maxAttempts),
            ),
          ),
        ),
      )
      .orderBy(asc(backgroundJobs.createdAt), asc(backgroundJobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(backgroundJobs)
      .set({
        status: 'running',
        attempts: sql`${backgroundJobs.attempts} + 1`,
        lockedBy: workerId,
        heartbeatAt: sql`now()`,
        startedAt: sql`coalesce(${backgroundJobs.startedAt}, now())`,
        stage: 'Starting',
        progress: 0,
        updatedAt: sql`now()`,
      })
      .where(inArray(backgroundJobs.id, next))
      .returning();
    return row;
  },

  /** The worker is alive; with a stage, also where the job is. */
  async heartbeat(
    id: string,
    workerId: string,
    progress?: { stage: string; fraction: number },
  ): Promise<Heartbeat> {
    const [row] = await db
      .update(backgroundJobs)
      .set({
        heartbeatAt: sql`now()`,
        updatedAt: sql`now()`,
        ...(progress ? { stage: progress.stage, progress: progress.fraction } : {}),
      })
      .where(ownedBy(id, workerId))
      .returning({ cancelRequested: backgroundJobs.cancelRequested });
    return { owned: row !== undefined, cancelRequested: row?.cancelRequested ?? false };
  },

  async finish(id: string, workerId: string, outcome: JobOutcome): Promise<JobRow | undefined> {
    const [row] = await db
      .update(backgroundJobs)
      .set({
        status: outcome.status,
        stage: outcomeStage[outcome.status],
        result: outcome.status === 'succeeded' ? outcome.result : null,
        error: outcome.status === 'failed' ? outcome.error : null,
        ...(outcome.status === 'succeeded' ? { progress: 1 } : {}),
        lockedBy: null,
        finishedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(ownedBy(id, workerId))
      .returning();
    return row;
  },

  /**
   * Puts a job back in the queue (its worker is shutting down): the attempt it had is given back,
   * since nothing went wrong with the job itself.
   */
  async release(id: string, workerId: string): Promise<void> {
    await db
      .update(backgroundJobs)
      .set({
        status: 'queued',
        stage: 'Waiting to start again',
        progress: 0,
        attempts: sql`greatest(${backgroundJobs.attempts} - 1, 0)`,
        lockedBy: null,
        heartbeatAt: null,
        updatedAt: sql`now()`,
      })
      .where(ownedBy(id, workerId));
  },

  /** A queued job ends at once. */
  async cancelQueued(id: string): Promise<JobRow | undefined> {
    const [row] = await db
      .update(backgroundJobs)
      .set({
        status: 'cancelled',
        stage: outcomeStage.cancelled,
        cancelRequested: true,
        finishedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(backgroundJobs.id, id), eq(backgroundJobs.status, 'queued')))
      .returning();
    return row;
  },

  /** A running job is asked to stop: its worker sees it at its next heartbeat. */
  async requestCancel(id: string): Promise<JobRow | undefined> {
    const [row] = await db
      .update(backgroundJobs)
      .set({ cancelRequested: true, stage: 'Cancelling', updatedAt: sql`now()` })
      .where(and(eq(backgroundJobs.id, id), eq(backgroundJobs.status, 'running')))
      .returning();
    return row;
  },
}));

export type JobsRepository = ReturnType<typeof createJobsRepository>;
