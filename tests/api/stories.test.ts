import fs from 'node:fs';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminStoryResponseSchema,
  type AdminStory,
  type StoryInput,
} from '#shared/contracts/admin-stories';
import {
  chapterResponseSchema,
  PREVIEW_HEADER,
  storyListResponseSchema,
  storyResponseSchema,
} from '#shared/contracts/stories';
import { messages } from '#shared/messages';
import { chapters as chaptersTable, securityAuditLog, userStoryProgress } from '#server/db/schema';
import { signedInUser } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { insertStory } from './helpers/fixtures.ts';

const sampleAudio = fs.readFileSync(path.resolve('public/demo/sample.m4a'));
const sampleTranscript = Buffer.from(
  JSON.stringify({
    segments: [
      {
        id: 's1',
        start: 0,
        end: 1,
        text: 'Hola.',
        words: [{ id: 'w1', text: 'Hola', start: 0, end: 1 }],
      },
    ],
  }),
);

let t: TestApp;
let open: Awaited<ReturnType<typeof insertStory>>;
let second: Awaited<ReturnType<typeof insertStory>>;
let draft: Awaited<ReturnType<typeof insertStory>>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  second = await insertStory(db, { title: 'Second', position: 2, requiresLogin: true }, 3);
  open = await insertStory(db, { title: 'First', position: 1 }, 2);
  draft = await insertStory(db, {
    title: 'Draft',
    position: 3,
    status: 'draft',
    publishedAt: null,
  });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/stories', () => {
  it('lists published stories by position with chapters by position, never drafts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stories' });
    expect(res.statusCode).toBe(200);
    const { stories } = storyListResponseSchema.parse(res.json());
    expect(stories.map((story) => story.title)).toEqual(['First', 'Second']);
    expect(stories[1]!.chapters.map((chapter) => chapter.position)).toEqual([1, 2, 3]);
    expect(stories[1]!.requiresLogin).toBe(true);
    expect(stories.some((story) => story.id === draft.story.id)).toBe(false);
  });
});

describe('GET /api/stories/:id', () => {
  it('returns a published story', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/stories/${open.story.id}` });
    expect(res.statusCode).toBe(200);
    expect(storyResponseSchema.parse(res.json()).story.chapters).toHaveLength(2);
  });

  it('hides a draft from visitors as if it did not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/stories/${draft.story.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Story not found');
  });

  it('answers 404 for an unknown id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/stories/00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/stories/by-slug/:slug', () => {
  it('finds a published story by slug', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stories/by-slug/${second.story.slug}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().story.id).toBe(second.story.id);
  });

  it('does not find a draft by slug', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stories/by-slug/${draft.story.slug}`,
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a malformed slug', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stories/by-slug/Not%20A%20Slug' });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/chapters/:id', () => {
  it('returns the chapter with its story', async () => {
    const chapter = second.chapters[1]!;
    const res = await t.app.inject({ method: 'GET', url: `/api/chapters/${chapter.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().chapter).toMatchObject({
      id: chapter.id,
      position: 2,
      hasAudio: true,
      story: { id: second.story.id, slug: second.story.slug },
    });
  });

  it("hides a draft story's chapter", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/chapters/${draft.chapters[0]!.id}`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Chapter not found');
  });

  it('answers 404 for media a chapter does not have', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/chapters/${open.chapters[0]!.id}/audio`,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('published revisions and previews (decision 021)', () => {
  const ORIGIN = 'http://localhost:3000';
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let learner: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    admin = await signedInUser(t, { role: 'admin' });
    learner = await signedInUser(t);
  });

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const asAdmin = (method: 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: admin.cookie, origin: ORIGIN },
      ...(payload ? { payload } : {}),
    });

  /** The admin story's body for a wizard save, with changes. */
  async function wizardSave(storyId: string, change: (story: AdminStory) => StoryInput) {
    const current = adminStoryResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/stories/${storyId}`,
          headers: { cookie: admin.cookie },
        })
      ).json(),
    ).story;
    const res = await asAdmin('PUT', `/api/admin/stories/${storyId}`, change(current) as never);
    expect(res.statusCode, res.body).toBe(200);
    return adminStoryResponseSchema.parse(res.json()).story;
  }

  const chapterInputs = (story: Pick<AdminStory, 'chapters'>) =>
    story.chapters.map(({ id, title, duration, audioFileId, transcriptFileId }) => ({
      id,
      title,
      duration,
      audioFileId,
      transcriptFileId,
    }));

  it('keeps showing learners what was published while the working copy is edited', async () => {
    const { story, chapters } = await insertStory(t.database.db, { title: 'Antes' }, 2);
    const edited = await wizardSave(story.id, (current) => ({
      title: 'Después',
      level: 'Advanced',
      chapters: chapterInputs(current).map((chapter, index) =>
        index === 0 ? { ...chapter, title: 'Capítulo nuevo' } : chapter,
      ),
    }));
    expect(edited.hasUnpublishedChanges).toBe(true);

    const learnerView = storyResponseSchema.parse(
      (await get(`/api/stories/${story.id}`, learner.cookie)).json(),
    );
    expect(learnerView.preview).toBeUndefined();
    expect(learnerView.story).toMatchObject({ title: 'Antes', level: 'Beginner' });
    expect(learnerView.story.chapters[0]!.title).toBe('Chapter 1');
    const listed = storyListResponseSchema
      .parse((await get('/api/stories')).json())
      .stories.find((candidate) => candidate.id === story.id);
    expect(listed?.title).toBe('Antes');
    expect((await get(`/api/chapters/${chapters[0]!.id}`)).json().chapter.title).toBe('Chapter 1');
    // Without ?preview=1 an administrator sees what learners see.
    expect((await get(`/api/stories/${story.id}`, admin.cookie)).json().story.title).toBe('Antes');

    const published = await asAdmin('POST', `/api/admin/stories/${story.id}/publish-changes`);
    expect(published.statusCode).toBe(200);
    expect(adminStoryResponseSchema.parse(published.json()).story.hasUnpublishedChanges).toBe(
      false,
    );
    const after = storyResponseSchema.parse((await get(`/api/stories/${story.id}`)).json()).story;
    expect(after).toMatchObject({ title: 'Después', level: 'Advanced' });
    expect(after.chapters.map((chapter) => chapter.title)).toEqual(['Capítulo nuevo', 'Chapter 2']);
    expect(after.chapters[0]!.id).toBe(chapters[0]!.id);
    const listedAfter = storyListResponseSchema
      .parse((await get('/api/stories')).json())
      .stories.find((candidate) => candidate.id === story.id);
    expect(listedAfter?.title).toBe('Después');
  });

  it('lets order and login act at once, without publishing', async () => {
    const { story } = await insertStory(t.database.db, { position: 900, requiresLogin: false });
    await asAdmin('POST', `/api/admin/stories/${story.id}/requires-login`);
    const view = storyResponseSchema.parse((await get(`/api/stories/${story.id}`)).json()).story;
    expect(view.requiresLogin).toBe(true);
  });

  it('serves a removed chapter to learners until the next publish, which deletes it with its progress', async () => {
    const { story, chapters } = await insertStory(t.database.db, {}, 2);
    const [kept, removed] = chapters;
    await t.database.db
      .insert(userStoryProgress)
      .values({ userId: learner.userId, chapterId: removed!.id, progressPercentage: 50 });
    const edited = await wizardSave(story.id, (current) => ({
      title: current.title,
      level: current.level,
      chapters: chapterInputs(current).slice(0, 1),
    }));
    expect(edited.chapters.map((chapter) => chapter.id)).toEqual([kept!.id]);
    expect(edited.removedChapters.map((chapter) => chapter.id)).toEqual([removed!.id]);
    expect(edited.hasUnpublishedChanges).toBe(true);
    expect((await get(`/api/chapters/${removed!.id}`, learner.cookie)).statusCode).toBe(200);
    // The working copy no longer has it: a preview does not show it.
    expect((await get(`/api/chapters/${removed!.id}?preview=1`, admin.cookie)).statusCode).toBe(
      404,
    );

    const published = await asAdmin('POST', `/api/admin/stories/${story.id}/publish-changes`);
    expect(adminStoryResponseSchema.parse(published.json()).story.removedChapters).toEqual([]);
    expect((await get(`/api/chapters/${removed!.id}`, learner.cookie)).statusCode).toBe(404);
    expect(
      await t.database.db.select().from(chaptersTable).where(eq(chaptersTable.id, removed!.id)),
    ).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(userStoryProgress)
        .where(eq(userStoryProgress.chapterId, removed!.id)),
    ).toEqual([]);
    const [audit] = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.action, 'story_changes_published'))
      .orderBy(desc(securityAuditLog.createdAt))
      .limit(1);
    expect(audit!.details).toMatchObject({ story_id: story.id, chapters: 1, chapters_removed: 1 });
  });

  it('sends back a removed chapter when the wizard keeps it again', async () => {
    const { story, chapters } = await insertStory(t.database.db, {}, 2);
    const before = await wizardSave(story.id, (current) => ({
      title: current.title,
      level: current.level,
      chapters: chapterInputs(current).slice(0, 1),
    }));
    const restored = await wizardSave(story.id, (current) => ({
      title: current.title,
      level: current.level,
      chapters: [
        ...chapterInputs(current),
        ...chapterInputs({
          ...before,
          chapters: before.removedChapters,
        }),
      ],
    }));
    expect(restored.chapters.map((chapter) => chapter.id)).toEqual(chapters.map((c) => c.id));
    expect(restored.removedChapters).toEqual([]);
    expect(restored.hasUnpublishedChanges).toBe(false);
  });

  it('never shows learners a chapter without audio or transcript, even once published', async () => {
    const { story } = await insertStory(t.database.db, {}, 1);
    const edited = await wizardSave(story.id, (current) => ({
      title: current.title,
      level: current.level,
      chapters: [...chapterInputs(current), { title: 'Sin audio' }],
    }));
    // Publishing it would change nothing learners see.
    expect(edited.hasUnpublishedChanges).toBe(false);
    await asAdmin('POST', `/api/admin/stories/${story.id}/publish-changes`);
    const view = storyResponseSchema.parse((await get(`/api/stories/${story.id}`)).json()).story;
    expect(view.chapters.map((chapter) => chapter.title)).toEqual(['Chapter 1']);
    const silent = edited.chapters[1]!;
    expect((await get(`/api/chapters/${silent.id}`, learner.cookie)).statusCode).toBe(404);
    const preview = await get(`/api/chapters/${silent.id}/audio?preview=1`, admin.cookie);
    expect(preview.statusCode).toBe(404);
    expect(preview.json().error.message).toBe(messages.stories.noAudioYet);
  });

  it('keeps the revision when a story is unpublished, and shows it again when it is republished', async () => {
    const { story } = await insertStory(t.database.db, { title: 'Primera versión' }, 1);
    await wizardSave(story.id, (current) => ({
      title: 'Segunda versión',
      level: current.level,
      chapters: chapterInputs(current),
    }));
    await asAdmin('POST', `/api/admin/stories/${story.id}/status`);
    expect((await get(`/api/stories/${story.id}`)).statusCode).toBe(404);
    const republished = await asAdmin('POST', `/api/admin/stories/${story.id}/status`);
    expect(adminStoryResponseSchema.parse(republished.json()).story.hasUnpublishedChanges).toBe(
      true,
    );
    expect((await get(`/api/stories/${story.id}`)).json().story.title).toBe('Primera versión');
  });

  describe('?preview=1', () => {
    it('shows administrators a draft, marked and never cached; everyone else gets 404', async () => {
      const url = `/api/stories/${draft.story.id}?preview=1`;
      for (const cookie of [undefined, learner.cookie]) {
        const res = await get(url, cookie);
        expect(res.statusCode).toBe(404);
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
      expect((await get(`/api/stories/${draft.story.id}`, admin.cookie)).statusCode).toBe(404);
      const res = await get(url, admin.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.vary).toContain('Cookie');
      const body = storyResponseSchema.parse(res.json());
      expect(body.preview).toBe(true);
      expect(body.story).toMatchObject({ id: draft.story.id, status: 'draft' });

      const bySlug = await get(`/api/stories/by-slug/${draft.story.slug}?preview=1`, admin.cookie);
      expect(bySlug.json()).toMatchObject({ preview: true, story: { id: draft.story.id } });
      const list = storyListResponseSchema.parse(
        (await get('/api/stories?preview=1', admin.cookie)).json(),
      );
      expect(list.preview).toBe(true);
      expect(list.stories.map((story) => story.id)).toContain(draft.story.id);
      const learnersList = await get('/api/stories?preview=1', learner.cookie);
      expect(storyListResponseSchema.parse(learnersList.json()).preview).toBeUndefined();
      expect(learnersList.json().stories.map((story: { id: string }) => story.id)).not.toContain(
        draft.story.id,
      );
    });

    it("plays a draft chapter's audio and transcript for administrators only", async () => {
      const chapter = draft.chapters[0]!;
      await t.storage.put('audios', chapter.audioFileId, sampleAudio, 'audio/mp4');
      await t.storage.put('trans', chapter.transcriptFileId, sampleTranscript, 'application/json');
      for (const kind of ['audio', 'transcript']) {
        const url = `/api/chapters/${chapter.id}/${kind}?preview=1`;
        expect((await get(url)).statusCode).toBe(404);
        expect((await get(url, learner.cookie)).statusCode).toBe(404);
        const res = await get(url, admin.cookie);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.headers[PREVIEW_HEADER]).toBe('1');
      }
      const res = await get(`/api/chapters/${chapter.id}?preview=1`, admin.cookie);
      expect(chapterResponseSchema.parse(res.json())).toMatchObject({
        preview: true,
        chapter: { id: chapter.id, story: { status: 'draft' } },
      });
    });

    it("shows administrators a published story's unpublished changes", async () => {
      const { story } = await insertStory(t.database.db, { title: 'Publicada' }, 1);
      await wizardSave(story.id, (current) => ({
        title: 'Cambiada',
        level: current.level,
        chapters: chapterInputs(current),
      }));
      const preview = await get(`/api/stories/${story.id}?preview=1`, admin.cookie);
      expect(preview.json()).toMatchObject({ preview: true, story: { title: 'Cambiada' } });
      const asLearner = await get(`/api/stories/${story.id}?preview=1`, learner.cookie);
      expect(asLearner.json().story.title).toBe('Publicada');
    });

    it('refuses a preview value it does not know', async () => {
      expect((await get('/api/stories?preview=yes', admin.cookie)).statusCode).toBe(400);
    });
  });
});
