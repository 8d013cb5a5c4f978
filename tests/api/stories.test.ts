import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storyListResponseSchema, storyResponseSchema } from '#shared/contracts/stories';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { insertStory } from './helpers/fixtures.ts';

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
