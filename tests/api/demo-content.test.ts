import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterResponseSchema, storyListResponseSchema } from '#shared/contracts/stories';
import { transcriptSchema } from '#shared/transcript';
import { chapters, stories, transcriptVersions } from '#server/db/schema';
import { readDemoManifest } from '#server/modules/content/demo-manifest';
import { shippedLibrary } from './helpers/shipped-library.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await t.app.context.services.demoContent.seed()).toBe(true);
});
afterAll(async () => {
  await t.close();
});

async function listStories() {
  const res = await t.app.inject({ method: 'GET', url: '/api/stories' });
  return storyListResponseSchema.parse(res.json()).stories;
}

describe('the shipped demo library', () => {
  it('has an open featured series first and one login story per level', async () => {
    const stories = await listStories();
    const [featured, ...rest] = stories;
    expect(featured!.requiresLogin).toBe(false);
    expect(featured!.chapters.length).toBeGreaterThanOrEqual(3);
    expect(rest.length).toBeGreaterThanOrEqual(3);
    for (const level of ['Beginner', 'Intermediate', 'Advanced'] as const) {
      const story = rest.find((candidate) => candidate.level === level);
      expect(story?.requiresLogin).toBe(true);
      expect(story!.chapters.length).toBeGreaterThanOrEqual(2);
    }
    for (const story of stories) {
      expect(story.status).toBe('published');
      expect(story.slug).toMatch(/^[a-z0-9-]+$/);
      expect(story.description).toBeTruthy();
      expect(story.imageUrl).toMatch(/^\/api\/files\/series-images\//);
      expect(story.chapters.every((chapter) => chapter.hasAudio && chapter.hasTranscript)).toBe(
        true,
      );
    }
    const totalSeconds = stories
      .flatMap((story) => story.chapters)
      .reduce((sum, c) => sum + (c.duration ?? 0), 0);
    expect(totalSeconds).toBeGreaterThanOrEqual(12 * 60);
  });

  it("publishes each story's revision and keeps each transcript as its imported version 1", async () => {
    const rows = await t.database.db.select().from(stories);
    const chapterRows = await t.database.db.select().from(chapters);
    for (const story of rows) {
      const own = chapterRows
        .filter((chapter) => chapter.storyId === story.id)
        .sort((a, b) => a.position - b.position);
      expect(story.publishedRevision).toMatchObject({
        title: story.title,
        chapters: own.map((chapter) => ({
          id: chapter.id,
          audioFileId: chapter.audioFileId,
          transcriptFileId: chapter.transcriptFileId,
        })),
      });
    }
    const versions = await t.database.db.select().from(transcriptVersions);
    expect(versions).toHaveLength(chapterRows.length);
    for (const chapter of chapterRows) {
      expect(versions.find((version) => version.chapterId === chapter.id)).toMatchObject({
        version: 1,
        fileKey: chapter.transcriptFileId,
        source: 'import',
      });
    }
  });

  it('gives learners the demo story’s comprehension questions with its chapters, lines they can play (decision 069)', async () => {
    const manifest = await readDemoManifest();
    const panaderia = (await listStories()).find(
      (story) => story.slug === 'la-panaderia-de-la-calle-luna',
    )!;
    const shipped = manifest.stories.find((story) => story.slug === panaderia.slug)!;
    let asked = 0;
    for (const chapter of panaderia.chapters) {
      const res = await t.app.inject({ method: 'GET', url: `/api/chapters/${chapter.id}` });
      const { questions = [] } = chapterResponseSchema.parse(res.json()).chapter;
      expect(questions).toEqual(shipped.chapters[chapter.position - 1]!.questions);
      const transcript = transcriptSchema.parse(
        (
          await t.app.inject({ method: 'GET', url: `/api/chapters/${chapter.id}/transcript` })
        ).json(),
      );
      for (const question of questions) {
        expect(transcript.segments.map((segment) => segment.id)).toContain(question.segmentId);
      }
      asked += questions.length;
    }
    expect(asked).toBeGreaterThanOrEqual(6);
  });

  it('is seeded once: a second run changes nothing', async () => {
    expect(await t.app.context.services.demoContent.seed()).toBe(false);
    const { slugs } = await shippedLibrary();
    expect((await listStories()).map((story) => story.slug).sort()).toEqual(slugs.sort());
  });

  it('streams chapter audio with byte ranges', async () => {
    const chapter = (await listStories())[0]!.chapters[0]!;
    const full = await t.app.inject({ method: 'GET', url: `/api/chapters/${chapter.id}/audio` });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('audio/mp4');
    expect(full.headers['accept-ranges']).toBe('bytes');
    const size = Number(full.headers['content-length']);
    expect(size).toBeGreaterThan(10_000);

    const part = await t.app.inject({
      method: 'GET',
      url: `/api/chapters/${chapter.id}/audio`,
      headers: { range: 'bytes=0-1023' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-1023/${size}`);
    expect(part.rawPayload.length).toBe(1024);
    // An MP4 container starts with an ftyp box.
    expect(part.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');

    const beyond = await t.app.inject({
      method: 'GET',
      url: `/api/chapters/${chapter.id}/audio`,
      headers: { range: `bytes=${size + 10}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);

    const cached = await t.app.inject({
      method: 'GET',
      url: `/api/chapters/${chapter.id}/audio`,
      headers: { 'if-none-match': String(full.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('serves a transcript whose words carry glosses and whose segments carry translations', async () => {
    const chapter = (await listStories())[0]!.chapters[0]!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/chapters/${chapter.id}/transcript`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const transcript = transcriptSchema.parse(res.json());
    expect(transcript.segments.length).toBeGreaterThan(3);
    for (const segment of transcript.segments) {
      expect(segment.translation).toBeTruthy();
      expect(segment.words.every((word) => word.gloss)).toBe(true);
    }
  });

  it('serves covers publicly as images', async () => {
    const story = (await listStories())[0]!;
    const res = await t.app.inject({ method: 'GET', url: story.imageUrl! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('never serves audio or transcripts through the public file route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/files/audios/demo/x.m4a' });
    expect(res.statusCode).toBe(404);
  });

  it('refuses traversal in public file keys', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/files/uploads/..%2F..%2Fetc%2Fpasswd',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
