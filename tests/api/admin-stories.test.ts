import fs from 'node:fs';
import path from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminStoryListResponseSchema,
  adminStoryResponseSchema,
  type StoryInput,
} from '#shared/contracts/admin-stories';
import { storyListResponseSchema } from '#shared/contracts/stories';
import {
  chapters,
  fileUploads,
  securityAuditLog,
  stories,
  userStoryProgress,
} from '#server/db/schema';
import { buildApp } from '#server/app';
import { connectDatabase } from '#server/db/client';
import { signedInUser } from './helpers/accounts.ts';
import { insertStory } from './helpers/fixtures.ts';
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
  await t.database.db.insert(fileUploads).values([
    // Its length as measured at upload: chapters take their duration from their audio.
    { ...upload('audios', 'chapter-one.m4a', 'audio/mp4'), metadata: { duration_seconds: 120 } },
    upload('audios', 'chapter-two.m4a', 'audio/mp4'),
    upload('trans', 'chapter-one.json', 'application/json'),
    upload('trans', 'chapter-two.json', 'application/json'),
    // Covers: a story's cover counts while its file is there.
    upload('series-images', 'cover.webp', 'image/webp'),
    upload('series-images', 'faro.webp', 'image/webp'),
  ]);
});
afterAll(async () => {
  await t.close();
});

function upload(bucket: 'audios' | 'trans' | 'series-images', filename: string, fileType: string) {
  return {
    filename,
    originalFilename: filename,
    fileType,
    fileSize: 100,
    bucketName: bucket,
    filePath: filename,
  };
}

const asAdmin = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: admin.cookie, origin: ORIGIN },
    ...(payload ? { payload } : {}),
  });

let titleCounter = 0;
const input = (overrides: Partial<StoryInput> = {}): StoryInput => ({
  title: `Admin story ${++titleCounter}`,
  description: 'A short story.',
  level: 'Beginner',
  ...overrides,
});

async function create(overrides: Partial<StoryInput> = {}) {
  const res = await asAdmin('POST', '/api/admin/stories', input(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return adminStoryResponseSchema.parse(res.json()).story;
}

/** Every story's id in library order. */
async function storyIds() {
  return (
    await t.database.db
      .select({ id: stories.id })
      .from(stories)
      .orderBy(asc(stories.position), asc(stories.createdAt))
  ).map((row) => row.id);
}

/** Every story's position in library order (1..n when all is well). */
async function storyOrder() {
  return (
    await t.database.db
      .select({ position: stories.position })
      .from(stories)
      .orderBy(asc(stories.position))
  ).map((row) => row.position);
}

const onetoN = (n: number) => Array.from({ length: n }, (_, index) => index + 1);

/** The story_moved entries of one story, oldest first. */
async function movesOf(storyId: string) {
  return (
    await t.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.action, 'story_moved'))
      .orderBy(asc(securityAuditLog.createdAt))
  ).filter((row) => row.details?.story_id === storyId);
}

async function publicTitles() {
  const res = await t.app.inject({ method: 'GET', url: '/api/stories' });
  return storyListResponseSchema.parse(res.json()).stories.map((story) => story.title);
}

describe('GET /api/admin/stories', () => {
  it('lists drafts and published stories by position, with chapter files and completeness', async () => {
    const published = await insertStory(t.database.db, {
      title: 'Listed published',
      position: 500,
      imageUrl: '/api/files/series-images/cover.webp',
    });
    const draft = await insertStory(
      t.database.db,
      { title: 'Listed draft', position: 501, status: 'draft', publishedAt: null },
      0,
    );
    // Chapters and a cover whose file was deleted: never complete (issue 12).
    const coverGone = await insertStory(t.database.db, {
      title: 'Listed without its cover file',
      position: 502,
      imageUrl: '/api/files/series-images/deleted-cover.webp',
    });
    const res = await asAdmin('GET', '/api/admin/stories');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { stories: list } = adminStoryListResponseSchema.parse(res.json());
    const positions = list.map((story) => story.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const listedPublished = list.find((story) => story.id === published.story.id)!;
    const listedDraft = list.find((story) => story.id === draft.story.id)!;
    expect(listedPublished).toMatchObject({ cover: 'present', complete: true });
    const listedCoverGone = list.find((story) => story.id === coverGone.story.id)!;
    expect(listedCoverGone.chapters).toHaveLength(2);
    expect(listedCoverGone).toMatchObject({ cover: 'missing', complete: false });
    expect(listedPublished.chapters.map((chapter) => chapter.title)).toEqual([
      'Chapter 1',
      'Chapter 2',
    ]);
    expect(listedPublished.chapters[0]!.audioFileId).toBe(published.chapters[0]!.audioFileId);
    expect(listedPublished.hasUnpublishedChanges).toBe(false);
    expect(listedPublished.revisionPublishedAt).not.toBeNull();
    expect(listedDraft.revisionPublishedAt).toBeNull();
    expect(listedDraft.status).toBe('draft');
    expect(listedDraft).toMatchObject({ cover: 'none', complete: false });
  });
});

describe('GET /api/admin/stories/:id', () => {
  it('returns a draft to an admin', async () => {
    const draft = await insertStory(t.database.db, { status: 'draft', publishedAt: null }, 1);
    const res = await asAdmin('GET', `/api/admin/stories/${draft.story.id}`);
    expect(res.statusCode).toBe(200);
    expect(adminStoryResponseSchema.parse(res.json()).story.chapters).toHaveLength(1);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await asAdmin('GET', `/api/admin/stories/${UNKNOWN_ID}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Story not found');
    expect((await asAdmin('GET', '/api/admin/stories/not-an-id')).statusCode).toBe(400);
  });
});

describe('POST /api/admin/stories', () => {
  it('creates a draft with a slug from the title and chapters in array order', async () => {
    const res = await asAdmin('POST', '/api/admin/stories', {
      title: '  La señora del faro  ',
      description: '   ',
      level: 'Intermediate',
      newWordsCount: 12,
      imageUrl: '/api/files/series-images/faro.webp',
      chapters: [
        // A typed duration is ignored: the chapter's length comes from its audio.
        { title: ' El viaje ', duration: 999, audioFileId: 'chapter-one.m4a' },
        { title: 'La llegada', transcriptFileId: 'chapter-one.json' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { story } = adminStoryResponseSchema.parse(res.json());
    const count = (await t.database.db.select({ id: stories.id }).from(stories)).length;
    expect(story).toMatchObject({
      title: 'La señora del faro',
      slug: 'la-senora-del-faro',
      description: null,
      language: 'Spanish',
      level: 'Intermediate',
      // No position asked: last.
      position: count,
      newWordsCount: 12,
      status: 'draft',
      publishedAt: null,
      // A cover and chapters, but no chapter has both its audio and its transcript (063).
      complete: false,
    });
    expect(
      story.chapters.map(({ title, position, duration, audioFileId, transcriptFileId }) => ({
        title,
        position,
        duration,
        audioFileId,
        transcriptFileId,
      })),
    ).toEqual([
      {
        title: 'El viaje',
        position: 1,
        duration: 120,
        audioFileId: 'chapter-one.m4a',
        transcriptFileId: '',
      },
      {
        title: 'La llegada',
        position: 2,
        duration: null,
        audioFileId: '',
        transcriptFileId: 'chapter-one.json',
      },
    ]);
    const [audit] = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.action, 'story_created'));
    expect(audit).toMatchObject({ userId: admin.userId });
    expect(audit!.details).toMatchObject({ story_id: story.id, title: 'La señora del faro' });
  });

  it('counts a story complete once every chapter has its audio and transcript (decision 063)', async () => {
    const imageUrl = '/api/files/series-images/faro.webp';
    const story = await create({
      imageUrl,
      chapters: [{ title: 'Uno', audioFileId: 'chapter-one.m4a' }, { title: 'Dos' }],
    });
    expect(story.complete).toBe(false);
    const update = (chapters: StoryInput['chapters'], cover: string | null = imageUrl) =>
      asAdmin(
        'PUT',
        `/api/admin/stories/${story.id}`,
        input({ title: story.title, imageUrl: cover, chapters }),
      );

    const oneLacking = await update([
      {
        id: story.chapters[0]!.id,
        title: 'Uno',
        audioFileId: 'chapter-one.m4a',
        transcriptFileId: 'chapter-one.json',
      },
      { id: story.chapters[1]!.id, title: 'Dos', audioFileId: 'chapter-two.m4a' },
    ]);
    expect(oneLacking.statusCode, oneLacking.body).toBe(200);
    expect(adminStoryResponseSchema.parse(oneLacking.json()).story.complete).toBe(false);

    const everyChapterWhole: StoryInput['chapters'] = [
      {
        id: story.chapters[0]!.id,
        title: 'Uno',
        audioFileId: 'chapter-one.m4a',
        transcriptFileId: 'chapter-one.json',
      },
      {
        id: story.chapters[1]!.id,
        title: 'Dos',
        audioFileId: 'chapter-two.m4a',
        transcriptFileId: 'chapter-two.json',
      },
    ];
    const whole = await update(everyChapterWhole);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(adminStoryResponseSchema.parse(whole.json()).story.complete).toBe(true);
    const listed = adminStoryListResponseSchema
      .parse((await asAdmin('GET', '/api/admin/stories')).json())
      .stories.find((candidate) => candidate.id === story.id);
    expect(listed?.complete).toBe(true);

    // Without its cover it is not.
    const noCover = await update(everyChapterWhole, null);
    expect(adminStoryResponseSchema.parse(noCover.json()).story.complete).toBe(false);
  });

  it('numbers the slug when another story already has it', async () => {
    const first = await create({ title: 'El río' });
    const second = await create({ title: 'El río!' });
    expect(first.slug).toBe('el-rio');
    expect(second.slug).toBe('el-rio-2');
  });

  it('keeps a new draft out of the public list, even a cached one', async () => {
    await publicTitles(); // fills this instance's cache of the public list
    const draft = await create({ title: 'Hidden draft' });
    expect(await publicTitles()).not.toContain('Hidden draft');
    const publicRes = await t.app.inject({ method: 'GET', url: `/api/stories/${draft.id}` });
    expect(publicRes.statusCode).toBe(404);
  });

  it.each([
    [{ title: '   ' }, 'Story title is required'],
    [{ title: undefined }, 'Story title is required'],
    [{ title: null }, 'Story title is required'],
    [{ chapters: [{}] }, 'Chapter 1 title is required'],
    [{ chapters: [{ title: 'One' }, { title: null }] }, 'Chapter 2 title is required'],
    [{ level: undefined }, 'Level is required'],
    [{ language: ' ' }, 'Language is required'],
    [{ chapters: [{ title: 'One' }, { title: '  ' }] }, 'Chapter 2 title is required'],
    [{ position: 0 }, 'Too small: expected number to be >=1'],
    [{ description: 'nul\0byte' }, 'Text may not contain NUL characters'],
    [
      { chapters: [{ title: 'One', audioFileId: 'a\0.m4a' }] },
      'Text may not contain NUL characters',
    ],
  ] as [Record<string, unknown>, string][])('refuses %j with "%s"', async (overrides, message) => {
    const res = await asAdmin('POST', '/api/admin/stories', {
      ...input(),
      ...overrides,
    } as Record<string, unknown>);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it('refuses fields the contract does not know (status is never sent on creation)', async () => {
    const res = await asAdmin('POST', '/api/admin/stories', { ...input(), status: 'published' });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'http://cdn.example.com/cover.jpg',
    '//evil.com/cover.jpg',
    '/\\evil.com/cover.jpg',
    '/\t/evil.com/cover.jpg',
    'https:evil.com',
    'api/files/series-images/cover.webp',
  ])('refuses the image URL %j on creation and on update', async (imageUrl) => {
    const before = (await storyIds()).length;
    const created = await asAdmin('POST', '/api/admin/stories', input({ imageUrl }));
    expect(created.statusCode).toBe(400);
    expect(created.json().error.message).toBe(
      'The image URL must be a path on this site (starting with /) or an https:// address',
    );
    expect((await storyIds()).length).toBe(before);

    const story = await create();
    const updated = await asAdmin('PUT', `/api/admin/stories/${story.id}`, input({ imageUrl }));
    expect(updated.statusCode).toBe(400);
    const [row] = await t.database.db
      .select({ imageUrl: stories.imageUrl })
      .from(stories)
      .where(eq(stories.id, story.id));
    expect(row!.imageUrl).toBeNull();
  });

  it.each([
    '/api/files/series-images/faro.webp',
    '/api/images/series-images/faro.webp?w=400',
    'https://cdn.example.com/covers/faro.jpg',
  ])('accepts the image URL %j', async (imageUrl) => {
    const story = await create({ imageUrl });
    expect(story.imageUrl).toBe(imageUrl);
  });

  it('answers 409 for a title another story has (any case), with the hint', async () => {
    await create({ title: 'Duplicate me' });
    const res = await asAdmin('POST', '/api/admin/stories', input({ title: 'duplicate ME' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'CONFLICT',
      message: 'A story with this title already exists',
      details: { hint: 'Please choose a different title' },
    });
  });

  it('refuses chapter files that are not uploads of the right bucket', async () => {
    const unknownAudio = await asAdmin(
      'POST',
      '/api/admin/stories',
      input({ chapters: [{ title: 'One', audioFileId: 'missing.m4a' }] }),
    );
    expect(unknownAudio.statusCode).toBe(400);
    expect(unknownAudio.json().error.message).toBe(
      'Chapter 1: the audio file "missing.m4a" is not an uploaded file in the audios bucket',
    );
    const wrongBucket = await asAdmin(
      'POST',
      '/api/admin/stories',
      input({
        chapters: [
          { title: 'One' },
          { title: 'Two', transcriptFileId: 'chapter-two.m4a' }, // an audio upload
        ],
      }),
    );
    expect(wrongBucket.statusCode).toBe(400);
    expect(wrongBucket.json().error.message).toBe(
      'Chapter 2: the transcript file "chapter-two.m4a" is not an uploaded file in the trans bucket',
    );
  });

  it('creates nothing when a chapter is refused', async () => {
    const title = 'Never stored';
    const res = await asAdmin(
      'POST',
      '/api/admin/stories',
      input({ title, chapters: [{ title: 'One', audioFileId: 'missing.m4a' }] }),
    );
    expect(res.statusCode).toBe(400);
    const rows = await t.database.db.select().from(stories).where(eq(stories.title, title));
    expect(rows).toHaveLength(0);
  });
});

describe('PUT /api/admin/stories/:id', () => {
  it('updates in place the chapters it keeps, so their progress survives', async () => {
    const story = await create({
      chapters: [{ title: 'Uno' }, { title: 'Dos' }, { title: 'Tres' }],
    });
    const [uno, dos, tres] = story.chapters;
    await t.database.db.insert(userStoryProgress).values({
      userId: learner.userId,
      chapterId: dos!.id,
      progressPercentage: 40,
    });

    const res = await asAdmin('PUT', `/api/admin/stories/${story.id}`, {
      title: story.title,
      description: 'Edited',
      level: 'Advanced',
      chapters: [
        { id: dos!.id, title: 'Dos (edited)', audioFileId: 'chapter-two.m4a', duration: 30 },
        { title: 'Cuatro' },
        { id: uno!.id, title: 'Uno' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = adminStoryResponseSchema.parse(res.json()).story;
    expect(updated).toMatchObject({ description: 'Edited', level: 'Advanced', slug: story.slug });
    expect(updated.chapters.map((chapter) => [chapter.title, chapter.position])).toEqual([
      ['Dos (edited)', 1],
      ['Cuatro', 2],
      ['Uno', 3],
    ]);
    expect(updated.chapters[0]!.id).toBe(dos!.id);
    expect(updated.chapters[0]!.audioFileId).toBe('chapter-two.m4a');
    expect(updated.chapters[2]!.id).toBe(uno!.id);
    expect([uno!.id, dos!.id, tres!.id]).not.toContain(updated.chapters[1]!.id);

    const progress = await t.database.db
      .select()
      .from(userStoryProgress)
      .where(eq(userStoryProgress.chapterId, dos!.id));
    expect(progress).toHaveLength(1);
    const removed = await t.database.db.select().from(chapters).where(eq(chapters.id, tres!.id));
    expect(removed).toHaveLength(0);
    const audit = (
      await t.database.db
        .select()
        .from(securityAuditLog)
        .where(eq(securityAuditLog.action, 'story_updated'))
    ).find((row) => row.details?.story_id === story.id);
    expect(audit?.details).toMatchObject({ chapters_removed: 1 });
  });

  it('keeps its own title, but refuses another story title with 409', async () => {
    const mine = await create({ title: 'Mine' });
    await create({ title: 'Theirs' });
    const same = await asAdmin('PUT', `/api/admin/stories/${mine.id}`, input({ title: 'Mine' }));
    expect(same.statusCode).toBe(200);
    const taken = await asAdmin('PUT', `/api/admin/stories/${mine.id}`, input({ title: 'THEIRS' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('A story with this title already exists');
  });

  it('refuses a chapter id of another story and leaves the story unchanged', async () => {
    const mine = await create({ chapters: [{ title: 'Mine' }] });
    const other = await create({ chapters: [{ title: 'Other' }] });
    const res = await asAdmin('PUT', `/api/admin/stories/${mine.id}`, {
      title: 'Changed title',
      level: 'Beginner',
      chapters: [{ id: other.chapters[0]!.id, title: 'Stolen' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Chapter 1 does not belong to this story');
    const after = await asAdmin('GET', `/api/admin/stories/${mine.id}`);
    expect(after.json().story.title).toBe(mine.title);
  });

  it('checks new file references, not the ones a chapter already has', async () => {
    const story = await insertStory(t.database.db, { status: 'draft', publishedAt: null }, 1);
    await t.database.db
      .update(chapters)
      .set({ audioFileId: 'legacy/unregistered.m4a' })
      .where(eq(chapters.id, story.chapters[0]!.id));
    const body = {
      title: story.story.title,
      level: 'Beginner',
      chapters: [
        { id: story.chapters[0]!.id, title: 'Kept', audioFileId: 'legacy/unregistered.m4a' },
      ],
    };
    expect((await asAdmin('PUT', `/api/admin/stories/${story.story.id}`, body)).statusCode).toBe(
      200,
    );
    const changed = await asAdmin('PUT', `/api/admin/stories/${story.story.id}`, {
      ...body,
      chapters: [{ ...body.chapters[0], transcriptFileId: 'nope.json' }],
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error.message).toBe(
      'Chapter 1: the transcript file "nope.json" is not an uploaded file in the trans bucket',
    );
  });

  it('answers 404 for an unknown story and 400 for an empty title', async () => {
    expect((await asAdmin('PUT', `/api/admin/stories/${UNKNOWN_ID}`, input())).statusCode).toBe(
      404,
    );
    const story = await create();
    const res = await asAdmin('PUT', `/api/admin/stories/${story.id}`, input({ title: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Story title is required');
  });
});

describe('POST /api/admin/stories/:id/status', () => {
  it('publishes a draft (shown at once in the public list) and unpublishes it', async () => {
    const story = await create({ title: 'To publish' });
    expect(await publicTitles()).not.toContain('To publish');

    const published = await asAdmin('POST', `/api/admin/stories/${story.id}/status`);
    expect(published.statusCode).toBe(200);
    const first = adminStoryResponseSchema.parse(published.json()).story;
    expect(first.status).toBe('published');
    expect(first.publishedAt).not.toBeNull();
    expect(await publicTitles()).toContain('To publish');

    const unpublished = await asAdmin('POST', `/api/admin/stories/${story.id}/status`);
    expect(unpublished.json().story.status).toBe('draft');
    expect(await publicTitles()).not.toContain('To publish');

    const again = await asAdmin('POST', `/api/admin/stories/${story.id}/status`);
    expect(again.json().story.publishedAt).toBe(first.publishedAt);

    const actions = await t.database.db
      .select({ action: securityAuditLog.action })
      .from(securityAuditLog)
      .where(inArray(securityAuditLog.action, ['story_published', 'story_unpublished']));
    expect(actions.map((row) => row.action).sort()).toEqual([
      'story_published',
      'story_published',
      'story_unpublished',
    ]);
  });

  it('answers 404 for an unknown story', async () => {
    expect((await asAdmin('POST', `/api/admin/stories/${UNKNOWN_ID}/status`)).statusCode).toBe(404);
  });
});

describe('POST /api/admin/stories/:id/publish-changes', () => {
  it("makes the first publish a draft's first revision, with only the chapters that can play", async () => {
    const story = await create({
      title: 'Primera publicación',
      chapters: [
        {
          title: 'Con audio',
          audioFileId: 'chapter-one.m4a',
          transcriptFileId: 'chapter-one.json',
        },
        { title: 'Sin transcripción', audioFileId: 'chapter-two.m4a' },
      ],
    });
    expect(story).toMatchObject({ hasUnpublishedChanges: false, revisionPublishedAt: null });
    const published = adminStoryResponseSchema.parse(
      (await asAdmin('POST', `/api/admin/stories/${story.id}/status`)).json(),
    ).story;
    expect(published.revisionPublishedAt).not.toBeNull();
    expect(published.hasUnpublishedChanges).toBe(false);
    const [row] = await t.database.db
      .select({ revision: stories.publishedRevision })
      .from(stories)
      .where(eq(stories.id, story.id));
    expect(row!.revision!.chapters.map((chapter) => chapter.title)).toEqual(['Con audio']);
  });

  it('flags unpublished changes in the dashboard list until they are published', async () => {
    const { story } = await insertStory(t.database.db, { title: 'Con cambios' }, 1);
    const listed = async () =>
      adminStoryListResponseSchema
        .parse((await asAdmin('GET', '/api/admin/stories')).json())
        .stories.find((candidate) => candidate.id === story.id)!;
    expect((await listed()).hasUnpublishedChanges).toBe(false);
    const current = (await listed()).chapters[0]!;
    await asAdmin('PUT', `/api/admin/stories/${story.id}`, {
      title: 'Con cambios',
      level: 'Beginner',
      description: 'Nueva descripción',
      chapters: [current],
    });
    expect((await listed()).hasUnpublishedChanges).toBe(true);
    const res = await asAdmin('POST', `/api/admin/stories/${story.id}/publish-changes`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await listed()).hasUnpublishedChanges).toBe(false);
  });

  it('shows the published changes in a public list this instance had cached', async () => {
    const { story } = await insertStory(t.database.db, { title: 'Caché vieja' }, 1);
    expect(await publicTitles()).toContain('Caché vieja');
    await asAdmin('PUT', `/api/admin/stories/${story.id}`, {
      title: 'Caché nueva',
      level: 'Beginner',
    });
    expect(await publicTitles()).toContain('Caché vieja');
    await asAdmin('POST', `/api/admin/stories/${story.id}/publish-changes`);
    const titles = await publicTitles();
    expect(titles).toContain('Caché nueva');
    expect(titles).not.toContain('Caché vieja');
  });

  it('answers 404 for an unknown story and refuses learners', async () => {
    expect(
      (await asAdmin('POST', `/api/admin/stories/${UNKNOWN_ID}/publish-changes`)).statusCode,
    ).toBe(404);
    const { story } = await insertStory(t.database.db, {}, 1);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/stories/${story.id}/publish-changes`,
      headers: { cookie: learner.cookie, origin: ORIGIN },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/admin/stories/:id/requires-login', () => {
  it('flips the login requirement both ways', async () => {
    const story = await create();
    expect(story.requiresLogin).toBe(true);
    const off = await asAdmin('POST', `/api/admin/stories/${story.id}/requires-login`);
    expect(off.statusCode).toBe(200);
    expect(off.json().story.requiresLogin).toBe(false);
    const on = await asAdmin('POST', `/api/admin/stories/${story.id}/requires-login`);
    expect(on.json().story.requiresLogin).toBe(true);

    const audits = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.action, 'story_login_changed'));
    const mine = audits.filter((row) => row.details?.story_id === story.id);
    expect(mine.map((row) => row.userId)).toEqual([admin.userId, admin.userId]);
    expect(mine.map((row) => row.details?.requires_login).sort()).toEqual([false, true]);
  });

  it('answers 404 for an unknown story', async () => {
    const res = await asAdmin('POST', `/api/admin/stories/${UNKNOWN_ID}/requires-login`);
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/admin/stories/:id/move', () => {
  it('moves one place up or down, and refuses to leave the list clearly', async () => {
    const top = await create();
    const middle = await create();
    const bottom = await create();
    const move = (id: string, direction: string) =>
      asAdmin('POST', `/api/admin/stories/${id}/move`, { direction });
    const at = top.position;

    const up = await move(bottom.id, 'up');
    expect(up.statusCode).toBe(200);
    const afterUp = adminStoryListResponseSchema.parse(up.json()).stories;
    const positionOf = (list: typeof afterUp, id: string) =>
      list.find((story) => story.id === id)!.position;
    expect(positionOf(afterUp, top.id)).toBe(at);
    expect(positionOf(afterUp, bottom.id)).toBe(at + 1);
    expect(positionOf(afterUp, middle.id)).toBe(at + 2);
    expect(afterUp.map((story) => story.position)).toEqual(onetoN(afterUp.length));

    const down = await move(top.id, 'down');
    const afterDown = adminStoryListResponseSchema.parse(down.json()).stories;
    expect(positionOf(afterDown, top.id)).toBe(at + 1);
    expect(positionOf(afterDown, bottom.id)).toBe(at);

    const last = await move(middle.id, 'down');
    expect(last.statusCode).toBe(400);
    expect(last.json().error).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This story is already last',
    });
    expect(await storyOrder()).toEqual(onetoN((await storyOrder()).length));

    const audits = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.action, 'story_moved'))
      .orderBy(asc(securityAuditLog.createdAt));
    const moved = audits.filter((row) =>
      [top.id, middle.id, bottom.id].includes(row.details?.story_id as string),
    );
    // Two moves succeeded; the refused one left no entry.
    expect(moved.map((row) => [row.details?.story_id, row.details?.direction])).toEqual([
      [bottom.id, 'up'],
      [top.id, 'down'],
    ]);
    expect(moved[0]!).toMatchObject({ userId: admin.userId });
    expect(moved[0]!.details).toMatchObject({
      title: bottom.title,
      from_position: at + 2,
      to_position: at + 1,
      swapped_with: middle.id,
    });
  });

  it('refuses to move the first story up', async () => {
    const [first] = await storyIds();
    const atOne = await asAdmin('POST', `/api/admin/stories/${first}/move`, { direction: 'up' });
    expect(atOne.statusCode).toBe(400);
    expect(atOne.json().error.message).toBe('This story is already first');
  });

  it('moves a story to a place (drag and drop), the stories between making room', async () => {
    const a = await create();
    const b = await create();
    const c = await create();
    const before = await storyIds();
    const to = async (id: string, position: number) => {
      const res = await asAdmin('POST', `/api/admin/stories/${id}/move`, { position });
      expect(res.statusCode, res.body).toBe(200);
      return adminStoryListResponseSchema.parse(res.json()).stories;
    };

    // The last one to the first place: everything else one place down.
    const list = await to(c.id, 1);
    expect(list.map((story) => story.id)).toEqual([c.id, ...before.filter((id) => id !== c.id)]);
    expect(list.map((story) => story.position)).toEqual(onetoN(list.length));

    // Past the end means last.
    await to(c.id, 99_999);
    expect(await storyIds()).toEqual(before);

    // Its own place: nothing changes and nothing is recorded.
    const entries = await movesOf(a.id);
    await to(a.id, before.indexOf(a.id) + 1);
    expect(await storyIds()).toEqual(before);
    expect(await movesOf(a.id)).toEqual(entries);

    await to(a.id, before.indexOf(b.id) + 1);
    const [entry] = (await movesOf(a.id)).slice(-1);
    expect(entry!.details).toMatchObject({
      from_position: before.indexOf(a.id) + 1,
      to_position: before.indexOf(b.id) + 1,
    });
    expect(entry!.details).not.toHaveProperty('direction');
    expect((await storyIds()).slice(-3)).toEqual([b.id, a.id, c.id]);
  });

  it("moves a story to another story's place as it is now, and first or last", async () => {
    const a = await create();
    const b = await create();
    const c = await create();
    const before = await storyIds();
    const move = async (id: string, body: Record<string, unknown>) => {
      const res = await asAdmin('POST', `/api/admin/stories/${id}/move`, body);
      expect(res.statusCode, res.body).toBe(200);
    };
    // Onto a story (drag and drop): wherever that story is when the move is made.
    await move(c.id, { target: a.id });
    expect((await storyIds()).slice(-3)).toEqual([c.id, a.id, b.id]);
    const [onto] = (await movesOf(c.id)).slice(-1);
    expect(onto!.details).toMatchObject({
      target: a.id,
      from_position: before.length,
      to_position: before.length - 2,
    });
    await move(b.id, { target: c.id });
    expect((await storyIds()).slice(-3)).toEqual([b.id, c.id, a.id]);

    // First and last (Home and End on the handle); refused where the story already is.
    await move(a.id, { direction: 'first' });
    expect((await storyIds())[0]).toBe(a.id);
    const atFirst = await asAdmin('POST', `/api/admin/stories/${a.id}/move`, {
      direction: 'first',
    });
    expect(atFirst.statusCode).toBe(400);
    expect(atFirst.json().error.message).toBe('This story is already first');
    await move(a.id, { direction: 'last' });
    expect((await storyIds()).slice(-3)).toEqual([b.id, c.id, a.id]);
    const atLast = await asAdmin('POST', `/api/admin/stories/${a.id}/move`, { direction: 'last' });
    expect(atLast.statusCode).toBe(400);
    expect(atLast.json().error.message).toBe('This story is already last');
    expect(await storyOrder()).toEqual(onetoN((await storyOrder()).length));

    const gone = await asAdmin('POST', `/api/admin/stories/${a.id}/move`, { target: UNKNOWN_ID });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('The story it was moved onto no longer exists');
  });

  it('validates the body and answers 404 for an unknown story', async () => {
    const story = await create();
    for (const body of [
      { direction: 'left' },
      { position: 0 },
      { position: 1.5 },
      { direction: 'up', position: 2 },
      { target: 'not-an-id' },
      { target: story.id, position: 1 },
      {},
    ]) {
      const bad = await asAdmin('POST', `/api/admin/stories/${story.id}/move`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    const missing = await asAdmin('POST', `/api/admin/stories/${UNKNOWN_ID}/move`, {
      direction: 'down',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('story positions are always 1..n (decision 023)', () => {
  it('puts new stories last, or where the wizard asks; deletes close the gap', async () => {
    const before = await storyIds();
    const last = await create();
    expect(last.position).toBe(before.length + 1);
    const beyond = await create({ position: 50_000 });
    expect(beyond.position).toBe(before.length + 2);
    const first = await create({ position: 1 });
    expect(first.position).toBe(1);
    expect(await storyIds()).toEqual([first.id, ...before, last.id, beyond.id]);
    const [created] = (
      await t.database.db
        .select()
        .from(securityAuditLog)
        .where(eq(securityAuditLog.action, 'story_created'))
    ).filter((row) => row.details?.story_id === first.id);
    expect(created!.details).toMatchObject({ position: 1 });

    expect((await asAdmin('DELETE', `/api/admin/stories/${first.id}`)).statusCode).toBe(204);
    expect(await storyIds()).toEqual([...before, last.id, beyond.id]);
    expect((await asAdmin('DELETE', `/api/admin/stories/${last.id}`)).statusCode).toBe(204);
    expect(await storyIds()).toEqual([...before, beyond.id]);
    expect(await storyOrder()).toEqual(onetoN(before.length + 1));
  });

  it("moves a story from the wizard's position field, and keeps its place when none is sent", async () => {
    const story = await create();
    const ids = await storyIds();
    const save = async (position?: number) => {
      const res = await asAdmin('PUT', `/api/admin/stories/${story.id}`, {
        ...input({ title: story.title }),
        ...(position === undefined ? {} : { position }),
      });
      expect(res.statusCode, res.body).toBe(200);
      return adminStoryResponseSchema.parse(res.json()).story;
    };
    expect((await save()).position).toBe(ids.length);
    expect((await save(2)).position).toBe(2);
    expect(await storyIds()).toEqual([
      ids[0],
      story.id,
      ...ids.slice(1).filter((id) => id !== story.id),
    ]);
    const [entry] = (await movesOf(story.id)).slice(-1);
    expect(entry).toMatchObject({ userId: admin.userId });
    expect(entry!.details).toMatchObject({
      from_position: ids.length,
      to_position: 2,
      via: 'wizard',
    });
    // The same place again: no move recorded.
    const count = (await movesOf(story.id)).length;
    expect((await save(2)).position).toBe(2);
    expect(await movesOf(story.id)).toHaveLength(count);
  });

  it('keeps 1..n without duplicates under 20 concurrent moves on two app instances', async () => {
    for (let i = 0; i < 4; i++) await create();
    const second = connectDatabase(t.database.connectionString, 5);
    const other = await buildApp(t.config, { database: second, storage: t.storage });
    await other.ready();
    try {
      const ids = await storyIds();
      const apps = [t.app, other];
      const moves = Array.from({ length: 20 }, (_, index) => {
        const id = ids[(index * 7) % ids.length]!;
        const body =
          index % 4 === 0
            ? { position: ((index * 5) % ids.length) + 1 }
            : index % 4 === 1
              ? { target: ids[(index * 3) % ids.length] }
              : { direction: index % 2 === 0 ? 'up' : 'down' };
        return apps[index % 2]!.inject({
          method: 'POST',
          url: `/api/admin/stories/${id}/move`,
          headers: { cookie: admin.cookie, origin: ORIGIN },
          payload: body,
        });
      });
      const answers = await Promise.all(moves);
      // Each move either happened or was refused at an end of the list; none failed.
      for (const answer of answers) expect([200, 400], answer.body).toContain(answer.statusCode);
      expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThan(10);
      const order = await storyOrder();
      expect(order).toEqual(onetoN(ids.length));
      expect(new Set(await storyIds())).toEqual(new Set(ids));
    } finally {
      await other.close();
      await second.close();
    }
  });

  it('puts concurrently created stories last, one place each', async () => {
    const before = await storyIds();
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        asAdmin('POST', '/api/admin/stories', input({ title: `Concurrent ${index}` })),
      ),
    );
    for (const res of made) expect(res.statusCode, res.body).toBe(201);
    expect(await storyOrder()).toEqual(onetoN(before.length + 8));
    expect((await storyIds()).slice(0, before.length)).toEqual(before);
  });

  it('is guaranteed by the database: two stories at one place cannot be committed', async () => {
    const [a, b] = await storyIds();
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.update(stories).set({ position: 1 }).where(eq(stories.id, b!));
      }),
    ).rejects.toMatchObject({ cause: { code: '23505', constraint: 'stories_position_unique' } });
    // Deferred: a swap through a shared place is fine within one transaction.
    await t.database.db.transaction(async (tx) => {
      await tx.update(stories).set({ position: 2 }).where(eq(stories.id, a!));
      await tx.update(stories).set({ position: 1 }).where(eq(stories.id, b!));
    });
    expect((await storyIds()).slice(0, 2)).toEqual([b, a]);
    await t.database.db.transaction(async (tx) => {
      await tx.update(stories).set({ position: 1 }).where(eq(stories.id, a!));
      await tx.update(stories).set({ position: 2 }).where(eq(stories.id, b!));
    });
  });
});

describe('chapter order (decision 023)', () => {
  const chapterRows = async (storyId: string) =>
    t.database.db
      .select({
        id: chapters.id,
        title: chapters.title,
        position: chapters.position,
        removedAt: chapters.removedAt,
      })
      .from(chapters)
      .where(eq(chapters.storyId, storyId))
      .orderBy(asc(chapters.position));

  it('reorders chapters from the wizard: ids kept, positions 1..n, an audit entry', async () => {
    const story = await create({
      chapters: [{ title: 'Uno' }, { title: 'Dos' }, { title: 'Tres' }],
    });
    const [uno, dos, tres] = story.chapters;
    const res = await asAdmin('PUT', `/api/admin/stories/${story.id}`, {
      ...input({ title: story.title }),
      chapters: [
        { id: tres!.id, title: 'Tres' },
        { title: 'Nuevo' },
        { id: uno!.id, title: 'Uno' },
        { id: dos!.id, title: 'Dos' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = adminStoryResponseSchema.parse(res.json()).story;
    expect(saved.chapters.map((chapter) => [chapter.title, chapter.position])).toEqual([
      ['Tres', 1],
      ['Nuevo', 2],
      ['Uno', 3],
      ['Dos', 4],
    ]);
    expect(saved.chapters[0]!.id).toBe(tres!.id);
    const reordersOf = async () =>
      (
        await t.database.db
          .select()
          .from(securityAuditLog)
          .where(eq(securityAuditLog.action, 'chapters_reordered'))
      ).filter((row) => row.details?.story_id === story.id);
    const [entry] = await reordersOf();
    expect(entry).toMatchObject({ userId: admin.userId });
    expect(entry!.details).toMatchObject({
      story_id: story.id,
      from: ['Uno', 'Dos', 'Tres'],
      to: ['Tres', 'Uno', 'Dos'],
    });

    // A save that keeps the order records no reorder.
    const again = await asAdmin('PUT', `/api/admin/stories/${story.id}`, {
      ...input({ title: story.title }),
      chapters: saved.chapters.map(({ id, title }) => ({ id, title })),
    });
    expect(again.statusCode).toBe(200);
    expect(await reordersOf()).toHaveLength(1);
  });

  it("keeps removed chapters after the working copy's until the publish deletes them", async () => {
    const { story, chapters: rows } = await insertStory(t.database.db, { title: 'Tres partes' }, 3);
    const [one, two, three] = rows;
    // Chapter 1 removed while learners still see it; 3 and 2 swapped.
    const res = await asAdmin('PUT', `/api/admin/stories/${story.id}`, {
      ...input({ title: story.title }),
      chapters: [
        { id: three!.id, title: 'Chapter 3' },
        { id: two!.id, title: 'Chapter 2' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = adminStoryResponseSchema.parse(res.json()).story;
    expect(saved.chapters.map((chapter) => [chapter.id, chapter.position])).toEqual([
      [three!.id, 1],
      [two!.id, 2],
    ]);
    expect(saved.removedChapters.map((chapter) => [chapter.id, chapter.position])).toEqual([
      [one!.id, 3],
    ]);
    // A new chapter goes after the kept ones; the removed one stays after it.
    const added = await asAdmin('PUT', `/api/admin/stories/${story.id}`, {
      ...input({ title: story.title }),
      chapters: [
        { id: three!.id, title: 'Chapter 3' },
        { id: two!.id, title: 'Chapter 2' },
        { title: 'Chapter 4' },
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await chapterRows(story.id)).map((row) => [row.title, row.position])).toEqual([
      ['Chapter 3', 1],
      ['Chapter 2', 2],
      ['Chapter 4', 3],
      ['Chapter 1', 4],
    ]);

    const published = await asAdmin('POST', `/api/admin/stories/${story.id}/publish-changes`);
    expect(published.statusCode).toBe(200);
    expect((await chapterRows(story.id)).map((row) => [row.title, row.position])).toEqual([
      ['Chapter 3', 1],
      ['Chapter 2', 2],
      ['Chapter 4', 3],
    ]);
  });

  it('is guaranteed by the database: two chapters of a story at one place cannot be committed', async () => {
    const { chapters: rows } = await insertStory(t.database.db, {}, 2);
    await expect(
      t.database.db.update(chapters).set({ position: 1 }).where(eq(chapters.id, rows[1]!.id)),
    ).rejects.toMatchObject({
      cause: { code: '23505', constraint: 'chapters_story_position_unique' },
    });
  });
});

describe('DELETE /api/admin/stories/:id', () => {
  it('deletes the story, its chapters and their progress, and leaves the public list', async () => {
    const { story, chapters: chapterRows } = await insertStory(
      t.database.db,
      { title: 'To delete' },
      2,
    );
    await t.database.db.insert(userStoryProgress).values({
      userId: learner.userId,
      chapterId: chapterRows[0]!.id,
    });
    expect(await publicTitles()).toContain('To delete');

    const res = await asAdmin('DELETE', `/api/admin/stories/${story.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await publicTitles()).not.toContain('To delete');
    const ids = chapterRows.map((chapter) => chapter.id);
    expect(await t.database.db.select().from(chapters).where(inArray(chapters.id, ids))).toEqual(
      [],
    );
    expect(
      await t.database.db
        .select()
        .from(userStoryProgress)
        .where(inArray(userStoryProgress.chapterId, ids)),
    ).toEqual([]);
    const [audit] = (
      await t.database.db
        .select()
        .from(securityAuditLog)
        .where(eq(securityAuditLog.action, 'story_deleted'))
    ).filter((row) => row.details?.story_id === story.id);
    expect(audit!.details).toMatchObject({ story_id: story.id, title: 'To delete' });

    expect((await asAdmin('DELETE', `/api/admin/stories/${story.id}`)).statusCode).toBe(404);
  });
});

describe('chapter file references', () => {
  const sampleM4a = fs.readFileSync(path.resolve('public/demo/sample.m4a'));

  /** An upload whose short file name differs from its storage key (the file_path). */
  async function storedAudio(name: string) {
    const filePath = `2026/07/${name}`;
    await t.storage.put('audios', filePath, sampleM4a, 'audio/mp4');
    await t.database.db.insert(fileUploads).values({
      filename: name,
      originalFilename: 'original.m4a',
      fileType: 'audio/mp4',
      fileSize: sampleM4a.length,
      bucketName: 'audios',
      filePath,
    });
    return { filename: name, filePath };
  }

  // A draft's chapters play for administrators in a preview only (decision 021).
  const playsAudio = async (chapterId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/chapters/${chapterId}/audio?preview=1`,
        headers: { cookie: admin.cookie },
      })
    ).statusCode;

  it('stores the upload file_path when POST names the file by its short filename', async () => {
    const file = await storedAudio('short-post.m4a');
    const story = await create({ chapters: [{ title: 'Uno', audioFileId: file.filename }] });
    expect(story.chapters[0]!.audioFileId).toBe(file.filePath);
    const [row] = await t.database.db
      .select({ audioFileId: chapters.audioFileId })
      .from(chapters)
      .where(eq(chapters.id, story.chapters[0]!.id));
    expect(row!.audioFileId).toBe(file.filePath);
    expect(await playsAudio(story.chapters[0]!.id)).toBe(200);
  });

  it('stores the upload file_path when PUT names the file by its short filename', async () => {
    const file = await storedAudio('short-put.m4a');
    const story = await create({ chapters: [{ title: 'Uno' }] });
    const res = await asAdmin('PUT', `/api/admin/stories/${story.id}`, {
      title: story.title,
      level: 'Beginner',
      chapters: [
        { id: story.chapters[0]!.id, title: 'Uno', audioFileId: file.filename },
        { title: 'Dos', audioFileId: file.filePath },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = adminStoryResponseSchema.parse(res.json()).story;
    expect(updated.chapters.map((chapter) => chapter.audioFileId)).toEqual([
      file.filePath,
      file.filePath,
    ]);
    expect(await playsAudio(updated.chapters[0]!.id)).toBe(200);
    expect(await playsAudio(updated.chapters[1]!.id)).toBe(200);
  });
});

describe('access', () => {
  it('refuses learners', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/stories',
      headers: { cookie: learner.cookie, origin: ORIGIN },
      payload: input(),
    });
    expect(res.statusCode).toBe(403);
  });
});
