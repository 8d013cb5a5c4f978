/**
 * A story saved with a chapter's plain text (decision 048, issue 21): the server starts the
 * chapter's alignment once the story is saved, and the aligned transcript becomes the chapter's.
 * A text that cannot be aligned is refused with the chapter named, and nothing is stored.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundJobs, securityAuditLog, stories } from '#server/db/schema';
import { storySaveResponseSchema, type StoryInput } from '#shared/contracts/admin-stories';
import { studioChapterSchema } from '#shared/contracts/studio';
import { signedInUser } from './helpers/accounts.ts';
import {
  adminRequest,
  FAST_JOBS,
  finishedJob,
  PARAGUAS,
  storedTranscriptState,
  uploadRecording,
} from './helpers/studio.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let call: ReturnType<typeof adminRequest>;
/** The storage key of an uploaded recording of PARAGUAS.text. */
let recording: string;

beforeAll(async () => {
  t = await createTestApp({}, { jobs: FAST_JOBS });
  admin = await signedInUser(t, { role: 'admin' });
  call = adminRequest(t.app, admin.cookie);
  await t.app.context.services.jobs.worker.start();
  recording = (await uploadRecording(t, admin.cookie, 'paraguas-8s.m4a')).filePath;
});
afterAll(async () => {
  await t.close();
});

let titles = 0;
const story = (chapters: StoryInput['chapters']): StoryInput => ({
  title: `Un lunes ${++titles}`,
  level: 'Beginner',
  chapters,
});

/** What a refused save must leave as it was: stories, jobs and audit entries. */
async function storedCounts(app: TestApp = t) {
  const { db } = app.database;
  const [storyRows, jobRows, auditRows] = await Promise.all([
    db.select({ n: count() }).from(stories),
    db.select({ n: count() }).from(backgroundJobs),
    db.select({ n: count() }).from(securityAuditLog),
  ]);
  return { stories: storyRows[0]!.n, jobs: jobRows[0]!.n, audit: auditRows[0]!.n };
}

describe('a chapter saved with its plain text', () => {
  it('is aligned with its audio after the story is created, and its transcript is the aligned text', async () => {
    const res = await call(
      'POST',
      '/api/admin/stories',
      story([
        { title: 'Un lunes de lluvia', audioFileId: recording, text: `${PARAGUAS.text}\n` },
        { title: 'Sin texto todavía' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const saved = storySaveResponseSchema.parse(res.json());
    const [chapter, untouched] = saved.story.chapters;
    expect(saved.alignmentJobs).toEqual([
      expect.objectContaining({ kind: 'align-chapter', subjectId: chapter!.id }),
    ]);
    // Nothing is made for the chapter without a text.
    expect(await storedTranscriptState(t, untouched!.id)).toMatchObject({
      transcriptFileId: '',
      versions: 0,
    });

    const job = await finishedJob(t.app, admin.cookie, saved.alignmentJobs[0]!.id);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const studio = studioChapterSchema.parse(
      (await call('GET', `/api/admin/chapters/${chapter!.id}/studio`)).json(),
    );
    expect(studio.transcript!.segments.map((segment) => segment.text)).toEqual(
      PARAGUAS.text.split('\n'),
    );
    const firstStarts = studio.transcript!.segments.map((segment) => segment.words[0]!.start);
    firstStarts.forEach((start, index) => {
      expect(Math.abs(start - PARAGUAS.firstWordStarts[index]!)).toBeLessThan(0.1);
    });
    expect(await storedTranscriptState(t, chapter!.id)).toMatchObject({ versions: 1 });

    const started = await t.database.db
      .select({ details: securityAuditLog.details })
      .from(securityAuditLog)
      .where(eq(securityAuditLog.action, 'alignment_started'));
    expect(started.map((row) => row.details)).toContainEqual(
      expect.objectContaining({ chapter_id: chapter!.id, source: 'text', segments: 2 }),
    );
  });

  it('is aligned when an edit gives an existing chapter its text; a chapter being aligned is refused a new one', async () => {
    // An instance whose worker never runs: the alignment an edit starts stays waiting.
    const idle = await createTestApp();
    try {
      const idleAdmin = await signedInUser(idle, { role: 'admin' });
      const idleCall = adminRequest(idle.app, idleAdmin.cookie);
      const audio = (await uploadRecording(idle, idleAdmin.cookie, 'paraguas-8s.m4a')).filePath;
      const created = storySaveResponseSchema.parse(
        (
          await idleCall(
            'POST',
            '/api/admin/stories',
            story([{ title: 'Capítulo uno', audioFileId: audio }]),
          )
        ).json(),
      );
      expect(created.alignmentJobs).toEqual([]);
      const { id: storyId, title, chapters } = created.story;
      const chapterId = chapters[0]!.id;
      const edit = (chapter: object) =>
        idleCall('PUT', `/api/admin/stories/${storyId}`, {
          title,
          level: 'Beginner',
          chapters: [{ id: chapterId, title: 'Capítulo uno', audioFileId: audio, ...chapter }],
        });

      const first = await edit({ text: PARAGUAS.text });
      expect(first.statusCode, first.body).toBe(200);
      const updated = storySaveResponseSchema.parse(first.json());
      expect(updated.story.chapters.map((chapter) => chapter.id)).toEqual([chapterId]);
      expect(updated.alignmentJobs).toEqual([
        expect.objectContaining({ kind: 'align-chapter', subjectId: chapterId, status: 'queued' }),
      ]);

      // While that alignment waits, another text for the chapter is refused and nothing changes.
      const before = await storedCounts(idle);
      const again = await edit({ text: 'Otro texto distinto.' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(
        'Chapter 1: it is being aligned now: wait for that alignment to finish, or cancel it in the studio, then add its text again',
      );
      expect(await storedCounts(idle)).toEqual(before);
      // An edit without a text is saved as usual.
      const renamed = await edit({ title: 'Capítulo primero' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(storySaveResponseSchema.parse(renamed.json()).alignmentJobs).toEqual([]);
    } finally {
      await idle.close();
    }
  });
});

describe('a chapter text that cannot be aligned', () => {
  /** The chapters of each case, made once the recording is uploaded. */
  type Chapters = () => NonNullable<StoryInput['chapters']>;
  const textOf =
    (text: string): Chapters =>
    () => [{ title: 'Uno', audioFileId: recording, text }];

  it.each<[string, Chapters, string]>([
    ['an empty text', textOf('  \n '), 'Chapter 1: The text is empty'],
    [
      'a text without words',
      textOf('* * *\n— … ¡!'),
      'Chapter 1: The text has no Spanish words to align',
    ],
    // Refused by the app's guard on every request body before the story's rules.
    ['a text with NUL characters', textOf('Hola\0mundo.'), 'Text may not contain NUL characters'],
    [
      'a text too long',
      textOf('Hola. '.repeat(40_000)),
      'Chapter 1: The text is too long: at most 200,000 characters',
    ],
    [
      'a text without audio',
      () => [{ title: 'Uno' }, { title: 'Dos', text: 'Hola.' }],
      'Chapter 2: Add the chapter’s audio too: its text is aligned with the recording',
    ],
    [
      'a text beside a transcript file',
      () => [{ title: 'Uno', audioFileId: recording, transcriptFileId: 'uno.json', text: 'Hola.' }],
      'Chapter 1: Choose either a transcript file or a text to align, not both',
    ],
  ])('refuses %s, naming the chapter, and stores nothing', async (_case, chapters, message) => {
    const before = await storedCounts();
    const res = await call('POST', '/api/admin/stories', story(chapters()));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await storedCounts()).toEqual(before);
  });
});
