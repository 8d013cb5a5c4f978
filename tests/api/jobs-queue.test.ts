import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '#server/db/client';
import { createNotifyChannel } from '#server/db/notify-channel';
import { createTransactionRunner } from '#server/db/repository';
import { backgroundJobs } from '#server/db/schema';
import { JobFailure, UNEXPECTED_FAILURE, interruptedMessage } from '#server/lib/jobs/job-errors';
import { createJobQueue, JOBS_CHANNEL, type JobMessage } from '#server/lib/jobs/job-queue';
import {
  createJobWorker,
  type JobHandler,
  type JobWorkerOptions,
} from '#server/lib/jobs/job-worker';
import { createJobsRepository } from '#server/lib/jobs/jobs.repository';
import { createTestDatabase } from './helpers/test-app.ts';

const log = pino({ level: 'silent' });
const HOUR_MS = 3_600_000;
/** Bounded waits for what happens in the background (no fixed sleeps). */
const waitFor = { timeout: 15_000, interval: 25 };

let database: DatabaseConnection;
let drop: () => Promise<void>;
let jobs: ReturnType<typeof createJobsRepository>;
let queue: ReturnType<typeof createJobQueue>;
const stoppers: (() => Promise<void>)[] = [];

const channel = () =>
  createNotifyChannel<JobMessage>({
    db: database.db,
    connectionString: database.connectionString,
    name: JOBS_CHANNEL,
    log,
  });

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  jobs = createJobsRepository({ db: database.db });
  queue = createJobQueue({
    jobs,
    transaction: createTransactionRunner({ db: database.db }),
    channel: channel(),
    log,
  });
});
afterEach(async () => {
  await Promise.all(stoppers.splice(0).map((stop) => stop()));
  // Each test starts from an empty queue.
  await database.db.delete(backgroundJobs);
});
afterAll(async () => {
  await drop();
});

/** A started worker, stopped after the test. */
async function startWorker(
  handler: JobHandler,
  options: Partial<JobWorkerOptions> = {},
  workerId?: string,
) {
  const worker = createJobWorker({
    jobs,
    channel: channel(),
    handlers: { 'align-chapter': handler },
    options: {
      concurrency: 1,
      pollIntervalMs: 50,
      heartbeatIntervalMs: 100,
      staleAfterMs: 60_000,
      shutdownGraceMs: 0,
      progressWriteIntervalMs: 0,
      ...options,
    },
    log,
    workerId,
  });
  stoppers.push(() => worker.stop());
  await worker.start();
  return worker;
}

const enqueue = (payload: Record<string, unknown> = {}, maxAttempts?: number) =>
  queue.enqueue({ kind: 'align-chapter', payload, maxAttempts });

const rowOf = async (id: string) => (await jobs.findById(id))!;
const statusOf = async (id: string) => (await rowOf(id)).status;

/** A promise the test resolves when it wants the handler to go on. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const untilAborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });

describe('a worker', () => {
  it('runs a job, shows its stage and progress while it runs, and keeps its result', async () => {
    const release = gate();
    await startWorker(async (context) => {
      context.reportProgress('Counting words', 0.4);
      await release.opened;
      return { words: Number(context.payload.words) * 2 };
    });
    const job = await enqueue({ words: 21 });

    await expect
      .poll(async () => {
        const row = await rowOf(job.id);
        return { status: row.status, stage: row.stage, progress: row.progress };
      }, waitFor)
      .toEqual({ status: 'running', stage: 'Counting words', progress: 0.4 });
    release.open();

    await expect.poll(() => statusOf(job.id), waitFor).toBe('succeeded');
    const done = (await queue.get(job.id))!;
    expect(done).toMatchObject({ result: { words: 42 }, progress: 1, error: null, stage: 'Done' });
    expect(done.startedAt).not.toBeNull();
    expect(done.finishedAt).not.toBeNull();
  });

  it('keeps a handler’s own failure message and hides an unexpected one', async () => {
    await startWorker(async (context) => {
      if (context.payload.expected) throw new JobFailure('The recording has no speech');
      throw new TypeError('cannot read properties of undefined');
    });
    const expected = await enqueue({ expected: true });
    const unexpected = await enqueue({ expected: false });

    await expect.poll(() => statusOf(unexpected.id), waitFor).toBe('failed');
    expect(await queue.get(expected.id)).toMatchObject({
      status: 'failed',
      error: 'The recording has no speech',
      result: null,
    });
    expect((await queue.get(unexpected.id))!.error).toBe(UNEXPECTED_FAILURE);
    // A failure is not an interruption: the job is not tried again.
    expect((await rowOf(expected.id)).attempts).toBe(1);
  });

  it('is woken by the NOTIFY of a new job, long before its next poll', async () => {
    let ran = 0;
    await startWorker(
      async () => {
        ran++;
        return {};
      },
      { pollIntervalMs: HOUR_MS },
    );
    const job = await enqueue();
    await expect.poll(() => statusOf(job.id), waitFor).toBe('succeeded');
    expect(ran).toBe(1);
  });
});

describe('two workers', () => {
  it('never run the same job: one job runs exactly once', async () => {
    const runs: string[] = [];
    const handler =
      (name: string): JobHandler =>
      async () => {
        runs.push(name);
        return { by: name };
      };
    await startWorker(handler('first'), {}, 'worker-first');
    await startWorker(handler('second'), {}, 'worker-second');
    const job = await enqueue();

    await expect.poll(() => statusOf(job.id), waitFor).toBe('succeeded');
    expect(runs).toHaveLength(1);
    expect((await queue.get(job.id))!.result).toEqual({ by: runs[0] });
  });

  it('share many jobs, each run exactly once', async () => {
    const runs = new Map<string, number>();
    const handler: JobHandler = async (context) => {
      runs.set(context.jobId, (runs.get(context.jobId) ?? 0) + 1);
      await new Promise((resolve) => setImmediate(resolve));
      return {};
    };
    await startWorker(handler, { concurrency: 2 }, 'worker-a');
    await startWorker(handler, { concurrency: 2 }, 'worker-b');
    const enqueued = await Promise.all(Array.from({ length: 12 }, () => enqueue()));

    await expect
      .poll(
        async () => (await Promise.all(enqueued.map((job) => statusOf(job.id)))).join(),
        waitFor,
      )
      .toBe(Array(12).fill('succeeded').join());
    expect([...runs.keys()].sort()).toEqual(enqueued.map((job) => job.id).sort());
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('claiming the same queued job at once: exactly one gets it', async () => {
    const job = await enqueue();
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        jobs.claimNext(['align-chapter'], `claimer-${index}`, 60),
      ),
    );
    const winners = claims.filter((row) => row !== undefined);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.id).toBe(job.id);
    expect((await rowOf(job.id)).attempts).toBe(1);
  });
});

describe('one unfinished job per subject', () => {
  const subjectId = '8c5b8a5e-3c55-4c77-9d1c-0c3f7e1f5a10';

  it('two requests at once enqueue one job; the other gets it back', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 4 }, () =>
        queue.enqueueUnlessUnfinished({ kind: 'align-chapter', payload: {}, subjectId }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.created)).toHaveLength(1);
    expect(new Set(attempts.map((attempt) => attempt.job.id)).size).toBe(1);
  });

  it('enqueues again once the job has ended', async () => {
    const first = await queue.enqueueUnlessUnfinished({
      kind: 'align-chapter',
      payload: {},
      subjectId,
    });
    await queue.cancel(first.job.id);
    const second = await queue.enqueueUnlessUnfinished({
      kind: 'align-chapter',
      payload: {},
      subjectId,
    });
    expect(second.created).toBe(true);
    expect(second.job.id).not.toBe(first.job.id);
  });
});

describe('a worker that dies mid-job', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGKILL');
    child = undefined;
  });

  it('stops heartbeating, and another worker takes the job over and finishes it', async () => {
    const job = await enqueue({ words: 3 });
    child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'helpers/job-worker-process.ts'),
        database.connectionString,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const lines = createInterface({ input: child.stdout! });
    const running = await new Promise<string>((resolve, reject) => {
      lines.on('line', (line) => resolve((JSON.parse(line) as { running: string }).running));
      child!.once('exit', (code) => reject(new Error(`worker process exited (${code})`)));
    });
    expect(running).toBe(job.id);
    await expect
      .poll(async () => (await rowOf(job.id)).stage, waitFor)
      .toBe('Working in the doomed process');

    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    await startWorker(
      async (context) => ({ attempt: context.attempt }),
      { staleAfterMs: 300 },
      'survivor',
    );

    await expect.poll(() => statusOf(job.id), waitFor).toBe('succeeded');
    const row = await rowOf(job.id);
    expect(row.result).toEqual({ attempt: 2 });
    expect(row.attempts).toBe(2);
  });

  it('is given up after max_attempts interruptions, saying so', async () => {
    const job = await enqueue({}, 2);
    const goneSilent = () =>
      database.db
        .update(backgroundJobs)
        .set({ heartbeatAt: new Date(Date.now() - HOUR_MS) })
        .where(eq(backgroundJobs.id, job.id));
    // Two workers claim it in turn and die (their heartbeats stop).
    expect((await jobs.claimNext(['align-chapter'], 'dead-1', 60))?.id).toBe(job.id);
    await goneSilent();
    expect((await jobs.claimNext(['align-chapter'], 'dead-2', 60))?.id).toBe(job.id);
    await goneSilent();

    let ran = false;
    await startWorker(async () => {
      ran = true;
      return {};
    });
    await expect.poll(() => statusOf(job.id), waitFor).toBe('failed');
    expect((await queue.get(job.id))!.error).toBe(interruptedMessage(2));
    expect(interruptedMessage(2)).toMatch(/^The job was interrupted 2 times/);
    expect(ran).toBe(false);
  });

  it('a slow worker whose job was taken over cannot overwrite the new result', async () => {
    const slow = gate();
    const slowStarted = gate();
    await startWorker(
      async () => {
        slowStarted.open();
        await slow.opened;
        return { by: 'slow' };
      },
      // It never says it is alive within the others' stale timeout.
      { heartbeatIntervalMs: HOUR_MS },
      'slow-worker',
    );
    const job = await enqueue();
    await slowStarted.opened;
    await startWorker(async () => ({ by: 'fast' }), { staleAfterMs: 300 }, 'fast-worker');

    await expect.poll(() => statusOf(job.id), waitFor).toBe('succeeded');
    slow.open();
    await expect.poll(async () => (await rowOf(job.id)).result, waitFor).toEqual({ by: 'fast' });
    expect((await rowOf(job.id)).lockedBy).toBeNull();
  });
});

describe('cancel', () => {
  it('ends a queued job at once; no worker runs it afterwards', async () => {
    const job = await enqueue();
    const cancelled = await queue.cancel(job.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', stage: 'Cancelled' });
    expect(cancelled!.finishedAt).not.toBeNull();

    let ran = false;
    const marker = await enqueue();
    await startWorker(async () => {
      ran = true;
      return {};
    });
    // The job enqueued after it runs, so the worker has looked at the queue.
    await expect.poll(() => statusOf(marker.id), waitFor).toBe('succeeded');
    expect(await statusOf(job.id)).toBe('cancelled');
    expect(ran).toBe(true);
    expect((await rowOf(job.id)).attempts).toBe(0);
  });

  it('asks a running job to stop; the handler’s signal aborts and the job ends cancelled', async () => {
    let abortedWith: unknown;
    await startWorker(
      async (context) => {
        context.reportProgress('Waiting to be cancelled', 0.1);
        await untilAborted(context.signal);
        abortedWith = context.signal.reason;
        context.reportProgress('Never reached', 0.2);
        return {};
      },
      // Only the channel's message can tell it this soon.
      { heartbeatIntervalMs: HOUR_MS },
    );
    const job = await enqueue();
    await expect
      .poll(async () => (await rowOf(job.id)).stage, waitFor)
      .toBe('Waiting to be cancelled');

    const asked = await queue.cancel(job.id);
    expect(asked).toMatchObject({ status: 'running', stage: 'Cancelling' });
    await expect.poll(() => statusOf(job.id), waitFor).toBe('cancelled');
    expect(abortedWith).toBeInstanceOf(Error);
    expect((await queue.get(job.id))!.error).toBeNull();
  });

  it('leaves a finished job as it is', async () => {
    await startWorker(async () => ({ ok: true }));
    const job = await enqueue();
    await expect.poll(() => statusOf(job.id), waitFor).toBe('succeeded');
    expect(await queue.cancel(job.id)).toMatchObject({ status: 'succeeded', result: { ok: true } });
  });

  it('says when there is no such job', async () => {
    expect(await queue.cancel('8c5b8a5e-3c55-4c77-9d1c-0c3f7e1f5a10')).toBeNull();
  });
});

describe('stopping a worker', () => {
  it('lets a quick job finish within the grace time', async () => {
    const release = gate();
    const started = gate();
    const worker = await startWorker(
      async () => {
        started.open();
        await release.opened;
        return { finished: true };
      },
      { shutdownGraceMs: 10_000 },
    );
    const job = await enqueue();
    await started.opened;
    const stopped = worker.stop();
    release.open();
    await stopped;
    expect(await queue.get(job.id)).toMatchObject({
      status: 'succeeded',
      result: { finished: true },
    });
  });

  it('puts a long job back in the queue for another worker, its attempt given back', async () => {
    const started = gate();
    const first = await startWorker(async (context) => {
      started.open();
      await untilAborted(context.signal);
      context.reportProgress('Stopped by shutdown', 0);
      return {};
    });
    const job = await enqueue();
    await started.opened;
    await first.stop();
    expect(await rowOf(job.id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });

    await startWorker(async (context) => ({ attempt: context.attempt }));
    await expect.poll(() => statusOf(job.id), waitFor).toBe('succeeded');
    expect((await rowOf(job.id)).result).toEqual({ attempt: 1 });
  });
});
