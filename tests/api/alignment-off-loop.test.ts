/**
 * An alignment never stalls the instance (issue 23, decision 053): while a demo chapter (96 s of
 * speech, 21 sentences) aligns, the liveness route keeps answering at once; an alignment that
 * outgrows its memory fails its job with a message an administrator can act on, and the instance
 * lives on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcriptSchema } from '#shared/transcript';
import { signedInUser } from './helpers/accounts.ts';
import {
  adminRequest,
  chapterWithRecording,
  FAST_JOBS,
  finishedJob,
  PARAGUAS,
  storedTranscriptState,
  type RecordingFile,
} from './helpers/studio.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Bounds of the liveness route's latency during an alignment. The goal is 100 ms at the 99th
 * percentile, which an instance meets on a quiet machine; but on the 2 shared cores the suite
 * runs on (load average 5–7), even an idle instance's 99th percentile measured 12–183 ms, and
 * during an alignment on its thread 56–351 ms, against 2,128 ms with the engine on the event loop
 * (decision 053). These bounds hold under that load and fail with the engine back on the loop.
 */
const LIVENESS_P99_MS = 600;
const LIVENESS_P50_MS = 50;
/** How often the liveness route is asked, as a load balancer's probes and learners would. */
const SAMPLE_EVERY_MS = 10;
/** A whole alignment of the demo chapter on a busy machine. */
const ALIGNMENT_WAIT = { timeout: 90_000, interval: 50 };
const PARAGUAS_RECORDING = 'paraguas-8s.m4a';

const demoChapter = path.resolve(import.meta.dirname, '../../content/generated/el-paraguas-rojo');
const recording: RecordingFile = {
  filename: 'chapter-1.m4a',
  contentType: 'audio/mp4',
  content: fs.readFileSync(path.join(demoChapter, 'chapter-1.m4a')),
};
const text = transcriptSchema
  .parse(JSON.parse(fs.readFileSync(path.join(demoChapter, 'chapter-1.json'), 'utf8')))
  .segments.map((segment) => segment.text)
  .join('\n');

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;

async function startApp(overrides: Parameters<typeof createTestApp>[1] = {}) {
  const app = await createTestApp({}, { jobs: FAST_JOBS, ...overrides });
  await app.app.context.services.jobs.worker.start();
  return app;
}

beforeAll(async () => {
  t = await startApp();
  admin = await signedInUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

async function startAlignment(
  app: TestApp,
  cookie: string,
  audio: RecordingFile | string = recording,
  chapterText = text,
) {
  const { chapterId } = await chapterWithRecording(app, cookie, audio);
  const res = await adminRequest(app.app, cookie)(
    'POST',
    `/api/admin/chapters/${chapterId}/alignment`,
    { text: chapterText },
  );
  expect(res.statusCode, res.body).toBe(202);
  return { chapterId, jobId: res.json().job.id as string };
}

/**
 * Asks the liveness route every SAMPLE_EVERY_MS, without waiting for answers, until `until`
 * settles. Each latency counts from when its request was due, so a loop held for a second counts
 * the whole second for every request that should have gone out meanwhile.
 */
async function livenessLatencies(app: TestApp, until: Promise<unknown>): Promise<number[]> {
  let running = true;
  void until.finally(() => {
    running = false;
  });
  const answers: Promise<number>[] = [];
  const start = performance.now();
  for (let i = 0; running; i++) {
    const due = start + i * SAMPLE_EVERY_MS;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    answers.push(
      app.app.inject({ method: 'GET', url: '/api/health/live' }).then((res) => {
        expect(res.statusCode).toBe(200);
        return performance.now() - due;
      }),
    );
  }
  return Promise.all(answers);
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil(p * values.length) - 1]!;

describe('an alignment off the event loop', () => {
  it('keeps the liveness route answering at once while a chapter aligns', async () => {
    // A serving instance has loaded what an alignment uses once (the lexicon of the glosses…).
    const warmUp = await startAlignment(t, admin.cookie, PARAGUAS_RECORDING, PARAGUAS.text);
    await finishedJob(t.app, admin.cookie, warmUp.jobId, ALIGNMENT_WAIT);
    const started = performance.now();
    const { chapterId, jobId } = await startAlignment(t, admin.cookie);
    const job = finishedJob(t.app, admin.cookie, jobId, ALIGNMENT_WAIT);
    const latencies = await livenessLatencies(t, job);
    const seconds = (performance.now() - started) / 1000;

    expect((await job).status, JSON.stringify(await job)).toBe('succeeded');
    expect((await job).result).toMatchObject({ segments: 21 });
    expect((await storedTranscriptState(t, chapterId)).versions).toBe(1);
    // The route was asked all along the alignment, not only at its ends.
    expect(latencies.length).toBeGreaterThan((seconds * 1000) / SAMPLE_EVERY_MS / 2);
    const p99 = percentile(latencies, 0.99);
    console.info(
      `liveness during a ${seconds.toFixed(1)} s alignment: ${latencies.length} requests, ` +
        `p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ` +
        `max ${Math.max(...latencies).toFixed(1)} ms`,
    );
    expect(percentile(latencies, 0.5)).toBeLessThan(LIVENESS_P50_MS);
    expect(p99).toBeLessThan(LIVENESS_P99_MS);
  }, 120_000);

  it('fails the job with the memory message when the alignment outgrows its limit', async () => {
    // Less than the engine holds (eSpeak's memory and the chapter's samples and features).
    const starved = await startApp({ alignment: { memoryMb: 40 } });
    try {
      const owner = await signedInUser(starved, { role: 'admin' });
      const { chapterId, jobId } = await startAlignment(starved, owner.cookie);
      const job = await finishedJob(starved.app, owner.cookie, jobId, ALIGNMENT_WAIT);
      expect(job).toMatchObject({
        status: 'failed',
        error:
          'The alignment was stopped: it needed more than 40 MB of memory, this server’s limit (ALIGNMENT_MEMORY_MB). Split the recording into shorter chapters, or raise the limit',
      });
      expect(await storedTranscriptState(starved, chapterId)).toMatchObject({ versions: 0 });
      const live = await starved.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      await starved.close();
    }
  }, 120_000);
});
