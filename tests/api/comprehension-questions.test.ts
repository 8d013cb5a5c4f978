import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chapterQuestionsResponseSchema,
  comprehensionMessages as says,
  type ChapterQuestion,
} from '#shared/contracts/comprehension';
import { chapterResponseSchema } from '#shared/contracts/stories';
import type { Transcript } from '#shared/transcript';
import { chapters as chapterRows, securityAuditLog, stories } from '#server/db/schema';
import { signedInUser } from './helpers/accounts.ts';
import { storyWithTranscripts } from './helpers/machine-output.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let learner: Awaited<ReturnType<typeof signedInUser>>;

const ORIGIN = 'http://localhost:3000';
const UNKNOWN_ID = '8c5b8a5e-3c55-4c77-9d1c-0c3f7e1f5a10';

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { role: 'admin' });
  learner = await signedInUser(t);
});
afterAll(async () => {
  await t.close();
});

const call = (
  user: { cookie: string } | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...(user ? { cookie: user.cookie } : {}), origin: ORIGIN },
  });

/** Two lines a person wrote and translated: nothing waits for review, so publishing asks nothing. */
const transcript: Transcript = {
  segments: [
    {
      id: 's1',
      start: 0,
      end: 1,
      text: 'Hola, Ana.',
      translation: 'Hello, Ana.',
      words: [
        { id: 's1w1', text: 'Hola', start: 0, end: 0.5, gloss: 'hello' },
        { id: 's1w2', text: 'Ana', start: 0.5, end: 1, gloss: 'Ana (name)' },
      ],
    },
    {
      id: 's2',
      start: 1,
      end: 2,
      text: 'Vive en Madrid.',
      translation: 'She lives in Madrid.',
      words: [
        { id: 's2w1', text: 'Vive', start: 1, end: 1.4, gloss: 'lives' },
        { id: 's2w2', text: 'en', start: 1.4, end: 1.6, gloss: 'in' },
        { id: 's2w3', text: 'Madrid', start: 1.6, end: 2, gloss: 'Madrid (name)' },
      ],
    },
  ],
};

const whereQuestion: ChapterQuestion = {
  text: 'Where does Ana live?',
  options: ['In Madrid', 'In Lima', 'In Quito'],
  correctOption: 0,
  segmentId: 's2',
};
const whoQuestion: ChapterQuestion = {
  text: 'Who is greeted?',
  options: ['Ana', 'Luis'],
  correctOption: 0,
  segmentId: null,
};

const questionsUrl = (chapterId: string) => `/api/admin/chapters/${chapterId}/questions`;
const saveQuestions = (chapterId: string, questions: unknown[], user = admin) =>
  call(user, 'PUT', questionsUrl(chapterId), { questions });

async function readQuestions(chapterId: string) {
  const res = await call(admin, 'GET', questionsUrl(chapterId));
  expect(res.statusCode, res.body).toBe(200);
  return chapterQuestionsResponseSchema.parse(res.json());
}

/** The questions a reader gets with the chapter (GET /api/chapters/:id). */
async function chapterQuestionsFor(user: { cookie: string } | null, chapterId: string, query = '') {
  const res = await call(user, 'GET', `/api/chapters/${chapterId}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return chapterResponseSchema.parse(res.json()).chapter.questions;
}

const publishChanges = async (storyId: string) => {
  const res = await call(admin, 'POST', `/api/admin/stories/${storyId}/publish-changes`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { story: { hasUnpublishedChanges: boolean } };
};

const auditEntries = (chapterId: string) =>
  t.database.db
    .select({ details: securityAuditLog.details, userId: securityAuditLog.userId })
    .from(securityAuditLog)
    .where(
      and(
        eq(securityAuditLog.action, 'comprehension_questions_saved'),
        sql`${securityAuditLog.details}->>'chapter_id' = ${chapterId}`,
      ),
    );

describe('a chapter’s comprehension questions in the studio (admin API)', () => {
  it('has none at first; a save replaces them, trimmed, and is audited once per change', async () => {
    const { story, chapters } = await storyWithTranscripts(t, transcript);
    const chapterId = chapters[0]!.id;
    expect(await readQuestions(chapterId)).toEqual({
      questions: [],
      published: true,
      unpublishedChanges: false,
    });

    const res = await saveQuestions(chapterId, [
      {
        ...whereQuestion,
        text: '  Where does Ana live?  ',
        options: [' In Madrid', 'In Lima ', 'In Quito'],
      },
      whoQuestion,
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(chapterQuestionsResponseSchema.parse(res.json())).toEqual({
      questions: [whereQuestion, whoQuestion],
      published: true,
      unpublishedChanges: true,
    });
    expect(await readQuestions(chapterId)).toMatchObject({
      questions: [whereQuestion, whoQuestion],
    });
    const [entry, ...more] = await auditEntries(chapterId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      userId: admin.userId,
      details: {
        chapter_id: chapterId,
        story_id: story.id,
        title: 'Chapter 1',
        questions: 2,
        questions_before: 0,
      },
    });

    // The same questions again change nothing, and write no second entry.
    expect((await saveQuestions(chapterId, [whereQuestion, whoQuestion])).statusCode).toBe(200);
    expect(await auditEntries(chapterId)).toHaveLength(1);

    // Reordered, then all removed: each is a change.
    expect((await saveQuestions(chapterId, [whoQuestion, whereQuestion])).statusCode).toBe(200);
    expect((await readQuestions(chapterId)).questions).toEqual([whoQuestion, whereQuestion]);
    expect((await saveQuestions(chapterId, [])).statusCode).toBe(200);
    expect(await readQuestions(chapterId)).toEqual({
      questions: [],
      published: true,
      unpublishedChanges: false,
    });
    const entries = await auditEntries(chapterId);
    expect(entries).toHaveLength(3);
    expect(entries.map((row) => row.details.questions_before).sort()).toEqual([0, 2, 2]);
  });

  it('says whether learners see the chapter: a draft’s questions wait for its first publish', async () => {
    const { chapters } = await storyWithTranscripts(t, transcript, {
      status: 'draft',
      publishedAt: null,
    });
    const res = await saveQuestions(chapters[0]!.id, [whoQuestion]);
    expect(res.json()).toEqual({
      questions: [whoQuestion],
      published: false,
      unpublishedChanges: false,
    });
  });

  it('refuses learners (403) and visitors (401), and answers 404 for a chapter that is not there', async () => {
    const { chapters } = await storyWithTranscripts(t, transcript);
    const chapterId = chapters[0]!.id;
    expect((await call(learner, 'GET', questionsUrl(chapterId))).statusCode).toBe(403);
    expect((await saveQuestions(chapterId, [whoQuestion], learner)).statusCode).toBe(403);
    expect((await call(null, 'GET', questionsUrl(chapterId))).statusCode).toBe(401);
    expect((await call(null, 'PUT', questionsUrl(chapterId), { questions: [] })).statusCode).toBe(
      401,
    );
    const missing = await saveQuestions(UNKNOWN_ID, [whoQuestion]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
    // A chapter removed from the working copy is no longer the studio's.
    await t.database.db
      .update(chapterRows)
      .set({ removedAt: new Date() })
      .where(eq(chapterRows.id, chapterId));
    expect((await call(admin, 'GET', questionsUrl(chapterId))).statusCode).toBe(404);
    expect(await auditEntries(chapterId)).toEqual([]);
  });

  it.each([
    [
      'more than ten questions',
      Array.from({ length: 11 }, () => whoQuestion),
      '/questions',
      says.tooManyQuestions,
    ],
    [
      'an empty question',
      [{ ...whoQuestion, text: '   ' }],
      '/questions/0/text',
      says.questionRequired,
    ],
    [
      'a question of 301 characters',
      [{ ...whoQuestion, text: 'a'.repeat(301) }],
      '/questions/0/text',
      says.questionTooLong,
    ],
    [
      'one option',
      [{ ...whoQuestion, options: ['Ana'] }],
      '/questions/0/options',
      says.tooFewOptions,
    ],
    [
      'five options',
      [{ ...whoQuestion, options: ['a', 'b', 'c', 'd', 'e'] }],
      '/questions/0/options',
      says.tooManyOptions,
    ],
    [
      'an empty option',
      [{ ...whoQuestion, options: ['Ana', ' '] }],
      '/questions/0/options/1',
      says.optionRequired,
    ],
    [
      'an option of 151 characters',
      [{ ...whoQuestion, options: ['Ana', 'b'.repeat(151)] }],
      '/questions/0/options/1',
      says.optionTooLong,
    ],
    [
      'two options that read the same',
      [{ ...whoQuestion, options: ['Ana', 'Luis', ' ana '] }],
      '/questions/0/options/2',
      says.sameOption,
    ],
    [
      'a correct option it does not have',
      [{ ...whoQuestion, correctOption: 2 }],
      '/questions/0/correctOption',
      says.chooseCorrect,
    ],
    [
      'no correct option chosen',
      [whoQuestion, { ...whoQuestion, correctOption: -1 }],
      '/questions/1/correctOption',
      says.chooseCorrect,
    ],
    [
      'a line the transcript does not have',
      [whoQuestion, { ...whereQuestion, segmentId: 's9' }],
      '/questions/1/segmentId',
      says.lineNotInTranscript,
    ],
  ])(
    'refuses %s at its field, in the common error shape, storing nothing',
    async (_case, questions, path, message) => {
      const { chapters } = await storyWithTranscripts(t, transcript);
      const chapterId = chapters[0]!.id;
      const res = await saveQuestions(chapterId, questions);
      expect(res.statusCode, res.body).toBe(400);
      const { error } = res.json();
      expect(error).toMatchObject({ code: 'VALIDATION_ERROR', message });
      expect(error.details.issues).toContainEqual({ path, message });
      expect((await readQuestions(chapterId)).questions).toEqual([]);
      expect(await auditEntries(chapterId)).toEqual([]);
    },
  );

  it('refuses unknown fields and a body that is not questions (400, never 500)', async () => {
    const { chapters } = await storyWithTranscripts(t, transcript);
    const chapterId = chapters[0]!.id;
    for (const body of [
      { questions: [{ ...whoQuestion, hint: 'no' }] },
      { questions: 'none' },
      { questions: [{ ...whoQuestion, options: ['Ana', 'Luis\u0000'] }] },
      {},
    ]) {
      const res = await call(admin, 'PUT', questionsUrl(chapterId), body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('names no line of a chapter that has no transcript', async () => {
    const { chapters } = await storyWithTranscripts(t, transcript, {
      status: 'draft',
      publishedAt: null,
    });
    const chapterId = chapters[0]!.id;
    await t.database.db
      .update(chapterRows)
      .set({ transcriptFileId: '' })
      .where(eq(chapterRows.id, chapterId));
    const res = await saveQuestions(chapterId, [whereQuestion]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.issues).toEqual([
      { path: '/questions/0/segmentId', message: says.lineNotInTranscript },
    ]);
    expect((await saveQuestions(chapterId, [whoQuestion])).statusCode).toBe(200);
  });
});

describe('learners get the questions published last (decision 021)', () => {
  it('with the chapter, unchanged by edits until the story’s changes are published', async () => {
    const { story, chapters } = await storyWithTranscripts(t, transcript);
    const chapterId = chapters[0]!.id;
    await saveQuestions(chapterId, [whereQuestion]);
    // Saved, not published: learners see what the last publish held (none).
    expect(await chapterQuestionsFor(learner, chapterId)).toEqual([]);
    const admins = await call(admin, 'GET', `/api/admin/stories/${story.id}`);
    expect(admins.json().story.hasUnpublishedChanges).toBe(true);

    const published = await publishChanges(story.id);
    expect(published.story.hasUnpublishedChanges).toBe(false);
    expect(await chapterQuestionsFor(learner, chapterId)).toEqual([whereQuestion]);
    expect(await chapterQuestionsFor(null, chapterId)).toEqual([whereQuestion]);
    expect((await readQuestions(chapterId)).unpublishedChanges).toBe(false);

    // Edited again: learners keep the published ones, a preview shows the working copy.
    await saveQuestions(chapterId, [whoQuestion, whereQuestion]);
    expect(await chapterQuestionsFor(learner, chapterId)).toEqual([whereQuestion]);
    expect(await chapterQuestionsFor(admin, chapterId, '?preview=1')).toEqual([
      whoQuestion,
      whereQuestion,
    ]);
    expect((await readQuestions(chapterId)).unpublishedChanges).toBe(true);

    await publishChanges(story.id);
    expect(await chapterQuestionsFor(learner, chapterId)).toEqual([whoQuestion, whereQuestion]);
  });

  it('gives a visitor none of a story that needs an account (as its audio and transcript)', async () => {
    const { story, chapters } = await storyWithTranscripts(t, transcript, { requiresLogin: true });
    const chapterId = chapters[0]!.id;
    await saveQuestions(chapterId, [whereQuestion]);
    await publishChanges(story.id);
    expect(await chapterQuestionsFor(null, chapterId)).toEqual([]);
    expect(await chapterQuestionsFor(learner, chapterId)).toEqual([whereQuestion]);
  });

  it('reads a revision published before questions existed as none, with nothing unpublished', async () => {
    const { story, chapters } = await storyWithTranscripts(t, transcript);
    const chapterId = chapters[0]!.id;
    // As a revision made before issue 25: its chapters carry no `questions` key.
    await t.database.db.execute(sql`
      update ${stories} set published_revision = jsonb_set(published_revision, '{chapters}',
        (select jsonb_agg(entry - 'questions') from jsonb_array_elements(published_revision->'chapters') entry))
      where id = ${story.id}`);
    const [row] = await t.database.db
      .select({ revision: stories.publishedRevision })
      .from(stories)
      .where(eq(stories.id, story.id));
    expect(row!.revision!.chapters[0]).not.toHaveProperty('questions');

    expect(await chapterQuestionsFor(learner, chapterId)).toEqual([]);
    const admins = await call(admin, 'GET', `/api/admin/stories/${story.id}`);
    expect(admins.json().story.hasUnpublishedChanges).toBe(false);
    expect(await readQuestions(chapterId)).toEqual({
      questions: [],
      published: true,
      unpublishedChanges: false,
    });
  });
});
