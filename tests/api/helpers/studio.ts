import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { JobWorkerSettings } from '#server/config/env';
import { chapters, transcriptVersions } from '#server/db/schema';
import { jobSchema, type Job } from '#shared/contracts/jobs';
import type { Transcript } from '#shared/transcript';
import { insertStory } from './fixtures.ts';
import type { TestApp } from './test-app.ts';

export const ORIGIN = 'http://localhost:3000';

/** A worker that notices jobs and silent workers within a fraction of a second. */
export const FAST_JOBS: JobWorkerSettings = {
  concurrency: 1,
  pollIntervalMs: 100,
  heartbeatIntervalMs: 100,
  staleAfterMs: 1000,
  shutdownGraceMs: 0,
};

/** A bounded wait for background work (never a fixed sleep). */
export const BACKGROUND_WAIT = { timeout: 25_000, interval: 50 };

export const studioFixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../fixtures/studio', name));

/**
 * The two sentences of fixtures/studio/paraguas-8s.m4a and where their first words start (from
 * the demo chapter's transcript; README there).
 */
export const PARAGUAS = {
  text: 'Es lunes y llueve mucho.\nPablo espera el autobús de las ocho, como todos los días.',
  firstWordStarts: [0.3, 2.815],
} as const;

/** One file as a multipart form (field `file`), as the admin screens send it. */
export function multipart(filename: string, contentType: string, content: Buffer) {
  const boundary = '----relatos-studio-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** An administrator's request (mutations carry the origin the CSRF check wants). */
export function adminRequest(app: FastifyInstance, cookie: string) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      payload,
      headers: { cookie, ...(method === 'GET' ? {} : { origin: ORIGIN }) },
    });
}

/** A recording made by the test itself, uploaded as it is. */
export interface RecordingFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * A recording uploaded as the admin screens upload one (POST /api/admin/files): a file of
 * tests/api/fixtures/studio by name, or a recording the test made.
 */
export async function uploadRecording(
  t: TestApp,
  cookie: string,
  fixture: string | RecordingFile,
): Promise<{ id: string; filePath: string }> {
  const recording =
    typeof fixture === 'string'
      ? { filename: fixture, contentType: 'audio/mp4', content: studioFixture(fixture) }
      : fixture;
  const form = multipart(recording.filename, recording.contentType, recording.content);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/admin/files?bucket=audios',
    payload: form.body,
    headers: { cookie, origin: ORIGIN, 'content-type': form.contentType },
  });
  if (uploaded.statusCode !== 201) throw new Error(`upload failed: ${uploaded.body}`);
  return uploaded.json().file as { id: string; filePath: string };
}

/**
 * A draft story's chapter with a recording uploaded and associated the way the admin screens do
 * it (uploadRecording, then POST /api/admin/chapters/:id/files).
 */
export async function chapterWithRecording(
  t: TestApp,
  cookie: string,
  fixture?: string | RecordingFile,
) {
  const { chapters: created } = await insertStory(
    t.database.db,
    { status: 'draft', publishedAt: null },
    1,
  );
  const chapterId = created[0]!.id;
  // A fixture chapter names media files; this one starts with none.
  await t.database.db
    .update(chapters)
    .set({ audioFileId: '', transcriptFileId: '' })
    .where(eq(chapters.id, chapterId));
  if (!fixture) return { chapterId, audioKey: null };
  const file = await uploadRecording(t, cookie, fixture);
  const linked = await adminRequest(t.app, cookie)(
    'POST',
    `/api/admin/chapters/${chapterId}/files`,
    {
      fileIds: [file.id],
    },
  );
  if (linked.statusCode !== 200) throw new Error(`association failed: ${linked.body}`);
  return { chapterId, audioKey: file.filePath };
}

/** Polls a job until it has finished (succeeded, failed or cancelled), within a bounded wait. */
export async function finishedJob(
  app: FastifyInstance,
  cookie: string,
  id: string,
  wait: { timeout: number; interval: number } = BACKGROUND_WAIT,
): Promise<Job> {
  let job: Job | undefined;
  await expect
    .poll(async () => {
      const res = await adminRequest(app, cookie)('GET', `/api/admin/jobs/${id}`);
      job = jobSchema.parse(res.json().job);
      return job.status;
    }, wait)
    .toMatch(/^(succeeded|failed|cancelled)$/);
  return job!;
}

/** What the database holds about a chapter's transcript: its pointer and its versions. */
export async function storedTranscriptState(t: TestApp, chapterId: string) {
  const [chapter] = await t.database.db.select().from(chapters).where(eq(chapters.id, chapterId));
  const versions = await t.database.db
    .select()
    .from(transcriptVersions)
    .where(eq(transcriptVersions.chapterId, chapterId));
  const objects = await t.storage.list('trans');
  return {
    transcriptFileId: chapter!.transcriptFileId,
    duration: chapter!.duration,
    versions: versions.length,
    objects: objects.length,
  };
}

/**
 * A timed transcript of the two sentences of paraguas-8s.m4a at their true times; the first
 * sentence translated and glossed by a person, the second not at all.
 */
export function paraguasTranscript(): Transcript {
  return {
    segments: [
      {
        id: 's1',
        start: 0.3,
        end: 2.298,
        text: 'Es lunes y llueve mucho.',
        translation: 'It is Monday and it is raining hard.',
        translationSource: 'human',
        words: [
          { id: 's1w1', text: 'Es', start: 0.3, end: 0.566, gloss: 'it is' },
          { id: 's1w2', text: 'lunes', start: 0.566, end: 1.007, gloss: 'Monday' },
          { id: 's1w3', text: 'y', start: 1.007, end: 1.206, gloss: 'and' },
          { id: 's1w4', text: 'llueve', start: 1.206, end: 1.75, gloss: 'it rains' },
          { id: 's1w5', text: 'mucho', start: 1.75, end: 2.298, gloss: 'a lot' },
        ],
      },
      {
        id: 's2',
        start: 2.748,
        end: 7.508,
        text: 'Pablo espera el autobús de las ocho, como todos los días.',
        words: [
          { id: 's2w1', text: 'Pablo', start: 2.815, end: 3.232 },
          { id: 's2w2', text: 'espera', start: 3.232, end: 3.739 },
          { id: 's2w3', text: 'el', start: 3.739, end: 3.916 },
          { id: 's2w4', text: 'autobús', start: 3.916, end: 4.575 },
          { id: 's2w5', text: 'de', start: 4.575, end: 4.769 },
          { id: 's2w6', text: 'las', start: 4.769, end: 5.027 },
          { id: 's2w7', text: 'ocho', start: 5.027, end: 5.838 },
          { id: 's2w8', text: 'como', start: 5.838, end: 6.201 },
          { id: 's2w9', text: 'todos', start: 6.201, end: 6.668 },
          { id: 's2w10', text: 'los', start: 6.668, end: 6.949 },
          { id: 's2w11', text: 'días', start: 6.949, end: 7.508 },
        ],
      },
    ],
  };
}
