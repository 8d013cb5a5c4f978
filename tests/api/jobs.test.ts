import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backgroundJobs, securityAuditLog } from '#server/db/schema';
import { createJobsRepository } from '#server/lib/jobs/jobs.repository';
import { signedInUser } from './helpers/accounts.ts';
import {
  adminRequest,
  chapterWithRecording,
  FAST_JOBS,
  finishedJob,
  PARAGUAS,
  storedTranscriptState,
} from './helpers/studio.ts';
import { createTestApp, startSecondInstance, type TestApp } from './helpers/test-app.ts';

/**
 * The job routes and the alignment queue across instances. This app's own worker is never
 * started: jobs stay queued until a test starts a worker (here, or in another instance).
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let call: ReturnType<typeof adminRequest>;
const others: Awaited<ReturnType<typeof startSecondInstance>>[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { jobs: FAST_JOBS });
  admin = await signedInUser(t, { role: 'admin' });
  call = adminRequest(t.app, admin.cookie);
});
afterEach(async () => {
  await Promise.all(others.splice(0).map((instance) => instance.close()));
});
afterAll(async () => {
  await t.close();
});

async function queuedAlignment() {
  const { chapterId } = await chapterWithRecording(t, admin.cookie, 'paraguas-8s.m4a');
  const res = await call('POST', `/api/admin/chapters/${chapterId}/alignment`, {
    text: PARAGUAS.text,
  });
  expect(res.statusCode, res.body).toBe(202);
  return { chapterId, jobId: res.json().job.id as string };
}

const jobRow = async (id: string) =>
  (await t.database.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id)))[0]!;

describe('GET /api/admin/jobs/:id', () => {
  it('shows a job as the progress bar needs it', async () => {
    const { chapterId, jobId } = await queuedAlignment();
    const res = await call('GET', `/api/admin/jobs/${jobId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().job).toEqual({
      id: jobId,
      kind: 'align-chapter',
      status: 'queued',
      stage: 'Waiting to start',
      progress: 0,
      error: null,
      result: null,
      subjectId: chapterId,
      createdAt: expect.any(String),
      startedAt: null,
      finishedAt: null,
    });
    await call('POST', `/api/admin/jobs/${jobId}/cancel`);
  });

  it('answers 404 for an unknown job and 400 for a malformed id', async () => {
    expect(
      (await call('GET', '/api/admin/jobs/8c5b8a5e-3c55-4c77-9d1c-0c3f7e1f5a10')).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/admin/jobs/not-a-job')).statusCode).toBe(400);
    expect(
      (await call('POST', '/api/admin/jobs/8c5b8a5e-3c55-4c77-9d1c-0c3f7e1f5a10/cancel'))
        .statusCode,
    ).toBe(404);
  });
});

describe('one alignment at a time per chapter', () => {
  it('refuses a second alignment while the first waits (409), then accepts one once it ended', async () => {
    const { chapterId, jobId } = await queuedAlignment();
    const again = await call('POST', `/api/admin/chapters/${chapterId}/alignment`, {
      text: PARAGUAS.text,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already being aligned/);

    await call('POST', `/api/admin/jobs/${jobId}/cancel`);
    const after = await call('POST', `/api/admin/chapters/${chapterId}/alignment`, {
      text: PARAGUAS.text,
    });
    expect(after.statusCode).toBe(202);
    await call('POST', `/api/admin/jobs/${after.json().job.id}/cancel`);
  });
});

describe('cancel', () => {
  it('ends a queued alignment at once; no worker runs it and nothing is stored', async () => {
    const { chapterId, jobId } = await queuedAlignment();
    const cancelled = await call('POST', `/api/admin/jobs/${jobId}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().job).toMatchObject({ status: 'cancelled', stage: 'Cancelled' });
    const audit = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(
        and(
          eq(securityAuditLog.action, 'job_cancelled'),
          eq(securityAuditLog.userId, admin.userId),
        ),
      );
    expect(audit.map((row) => (row.details as { job_id: string }).job_id)).toContain(jobId);

    // A worker that starts afterwards runs the next job, never the cancelled one.
    const next = await queuedAlignment();
    const instance = await startSecondInstance(t);
    others.push(instance);
    await instance.app.context.services.jobs.worker.start();
    expect((await finishedJob(instance.app, admin.cookie, next.jobId)).status).toBe('succeeded');
    expect(await jobRow(jobId)).toMatchObject({ status: 'cancelled', attempts: 0 });
    expect(await storedTranscriptState(t, chapterId)).toMatchObject({
      transcriptFileId: '',
      versions: 0,
    });
  });

  it('leaves a finished job as it is, and says so without an audit entry', async () => {
    const { jobId } = await queuedAlignment();
    await call('POST', `/api/admin/jobs/${jobId}/cancel`);
    const again = await call('POST', `/api/admin/jobs/${jobId}/cancel`);
    expect(again.statusCode).toBe(200);
    expect(again.json().job.status).toBe('cancelled');
    const entries = (
      await t.database.db
        .select()
        .from(securityAuditLog)
        .where(eq(securityAuditLog.action, 'job_cancelled'))
    ).filter((row) => (row.details as { job_id: string }).job_id === jobId);
    expect(entries).toHaveLength(1);
  });
});

describe('restart in the middle of a job', () => {
  it('a job whose server died is finished by a new instance on the same database', async () => {
    const { chapterId, jobId } = await queuedAlignment();
    // The instance that took the job dies: its claim stays, its heartbeats stop.
    const jobs = createJobsRepository({ db: t.database.db });
    expect((await jobs.claimNext(['align-chapter'], 'instance-that-died', 60))?.id).toBe(jobId);
    await t.database.db
      .update(backgroundJobs)
      .set({
        stage: 'Aligning the words',
        progress: 0.6,
        heartbeatAt: new Date(Date.now() - 60_000),
      })
      .where(eq(backgroundJobs.id, jobId));

    const restarted = await startSecondInstance(t);
    others.push(restarted);
    await restarted.app.context.services.jobs.worker.start();
    const job = await finishedJob(restarted.app, admin.cookie, jobId);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.result).toMatchObject({ version: 1, segments: 2 });
    expect(await jobRow(jobId)).toMatchObject({ attempts: 2, lockedBy: null });
    expect(await storedTranscriptState(t, chapterId)).toMatchObject({ versions: 1, duration: 8 });
  });

  it('an instance that stops cleanly puts its running job back for the next one', async () => {
    const { jobId } = await queuedAlignment();
    const stopping = await startSecondInstance(t);
    const { worker } = stopping.app.context.services.jobs;
    await worker.start();
    await expect
      .poll(() => worker.runningJobs(), { timeout: 10_000, interval: 5 })
      .toContain(jobId);
    // It stops mid-alignment (no grace time here): the job goes back to the queue untouched.
    await stopping.close();
    expect(await jobRow(jobId)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });

    const next = await startSecondInstance(t);
    others.push(next);
    await next.app.context.services.jobs.worker.start();
    const job = await finishedJob(next.app, admin.cookie, jobId);
    expect(job.status, job.error ?? '').toBe('succeeded');
  });
});
