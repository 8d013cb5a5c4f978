import path from 'node:path';
import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters, fileUploads, stories } from '#server/db/schema';
import { uploadMessages } from '#shared/contracts/admin-files';
import { studioChapterSchema } from '#shared/contracts/studio';
import { signedInUser } from './helpers/accounts.ts';
import { encodeMp3, mp3ClaimingSeconds } from './helpers/lying-recordings.ts';
import {
  adminRequest,
  chapterWithRecording,
  FAST_JOBS,
  finishedJob,
  multipart,
  ORIGIN,
  PARAGUAS,
  storedTranscriptState,
  studioFixture,
} from './helpers/studio.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** fixtures/studio/paraguas-8s.m4a: 8 s of speech, the two sentences of PARAGUAS. */
const PARAGUAS_FILE = path.join(import.meta.dirname, 'fixtures/studio/paraguas-8s.m4a');
const paraguasMp3 = () => encodeMp3({ file: PARAGUAS_FILE });

const mp3 = (content: Buffer) => ({ filename: 'chapter.mp3', contentType: 'audio/mpeg', content });

async function post(t: TestApp, cookie: string, url: string, file: ReturnType<typeof mp3>) {
  const form = multipart(file.filename, file.contentType, file.content);
  return t.app.inject({
    method: 'POST',
    url,
    payload: form.body,
    headers: { cookie, origin: ORIGIN, 'content-type': form.contentType },
  });
}

/** What a refused upload or import could have left: records and stored recordings. */
async function footprint(t: TestApp) {
  return {
    files: (await t.database.db.select().from(fileUploads)).length,
    stories: (await t.database.db.select().from(stories)).length,
    audios: (await t.storage.list('audios')).length,
  };
}

describe('a header that lies about the recording’s length', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp({}, { jobs: FAST_JOBS });
    admin = await signedInUser(t, { role: 'admin' });
    await t.app.context.services.jobs.worker.start();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is not believed: an 8 s MP3 claiming 116 days is measured and aligned as 8 s', async () => {
    const lying = mp3ClaimingSeconds(await paraguasMp3(), 10_000_000);
    const { chapterId } = await chapterWithRecording(t, admin.cookie, mp3(lying));
    const [record] = await t.database.db.select().from(fileUploads);
    expect(record!.metadata).toEqual({ duration_seconds: 8 });
    const [chapter] = await t.database.db.select().from(chapters).where(eq(chapters.id, chapterId));
    expect(chapter!.duration).toBe(8);

    const call = adminRequest(t.app, admin.cookie);
    const res = await call('POST', `/api/admin/chapters/${chapterId}/alignment`, {
      text: PARAGUAS.text,
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = await finishedJob(t.app, admin.cookie, res.json().job.id);
    expect(job.error).toBeNull();
    expect(job.status).toBe('succeeded');
    expect(await storedTranscriptState(t, chapterId)).toMatchObject({ duration: 8, versions: 1 });
  });
});

describe('a recording longer than MAX_RECORDING_MINUTES', () => {
  const LIMIT_SECONDS = 5;
  const tooLong = uploadMessages.recordingTooLong(LIMIT_SECONDS);
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp({}, { jobs: FAST_JOBS, recordings: { maxSeconds: LIMIT_SECONDS } });
    admin = await signedInUser(t, { role: 'admin' });
    await t.app.context.services.jobs.worker.start();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is refused at upload, by its stream even when its header claims less, storing nothing', async () => {
    expect(tooLong).toBe(
      'The recording is longer than 5 seconds, the longest this server accepts (MAX_RECORDING_MINUTES): split it into shorter chapters',
    );
    const before = await footprint(t);
    const honest = {
      filename: 'paraguas.m4a',
      contentType: 'audio/mp4',
      content: studioFixture('paraguas-8s.m4a'),
    };
    const claimsTwoSeconds = mp3(mp3ClaimingSeconds(await paraguasMp3(), 2));
    for (const [bucket, file] of [
      ['audios', honest],
      ['audios', claimsTwoSeconds],
      ['uploads', claimsTwoSeconds],
    ] as const) {
      const res = await post(t, admin.cookie, `/api/admin/files?bucket=${bucket}`, file);
      expect(res.statusCode, `${bucket} ${file.filename}`).toBe(413);
      expect(res.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: tooLong });
    }
    expect(await footprint(t)).toEqual(before);
  });

  it('is refused in a story package, the chapter named, storing nothing', async () => {
    const before = await footprint(t);
    const zip = Buffer.from(
      zipSync({
        'story.json': strToU8(
          JSON.stringify({
            slug: 'larga',
            title: 'Larga',
            level: 'Beginner',
            chapters: [{ title: 'Uno', sentences: [] }],
          }),
        ),
        'chapter-1.m4a': new Uint8Array(studioFixture('paraguas-8s.m4a')),
      }),
    );
    const res = await post(t, admin.cookie, '/api/admin/stories/import', {
      filename: 'larga.zip',
      contentType: 'application/zip',
      content: zip,
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error.message).toBe(`Chapter 1: ${tooLong}`);
    expect(await footprint(t)).toEqual(before);
  });

  it('stored before the limit was lowered: the job fails saying so, the studio warns, nothing is saved', async () => {
    // A chapter whose recording came in under a higher limit (or with the demo library).
    const { chapterId } = await chapterWithRecording(t, admin.cookie);
    await t.storage.put(
      'audios',
      'earlier/paraguas.m4a',
      studioFixture('paraguas-8s.m4a'),
      'audio/mp4',
    );
    await t.database.db
      .update(chapters)
      .set({ audioFileId: 'earlier/paraguas.m4a' })
      .where(eq(chapters.id, chapterId));
    const before = await storedTranscriptState(t, chapterId);

    const call = adminRequest(t.app, admin.cookie);
    const res = await call('POST', `/api/admin/chapters/${chapterId}/alignment`, {
      text: PARAGUAS.text,
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = await finishedJob(t.app, admin.cookie, res.json().job.id);
    expect(job).toMatchObject({ status: 'failed', error: tooLong });
    expect(await storedTranscriptState(t, chapterId)).toEqual(before);

    const studio = await call('GET', `/api/admin/chapters/${chapterId}/studio`);
    expect(studio.statusCode).toBe(200);
    expect(studioChapterSchema.parse(studio.json()).warnings).toContain(
      `The recording could not be read: ${tooLong}`,
    );
  });
});
