/**
 * The demo library seeds the story packages of content/packages too (decision 049). The real
 * packages come from the studio's making run; here the bundled packages are exports of two demo
 * stories under other slugs and titles, as a site would export them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storyListResponseSchema } from '#shared/contracts/stories';
import { storyPackageSchema } from '#shared/contracts/story-packages';
import { transcriptSchema } from '#shared/transcript';
import {
  appState,
  chapters,
  fileUploads,
  securityAuditLog,
  stories,
  transcriptVersions,
} from '#server/db/schema';
import { signedInUser } from './helpers/accounts.ts';
import { shippedLibrary } from './helpers/shipped-library.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** Exported demo stories, and what they are bundled as. */
const BUNDLED = [
  { from: 'el-paraguas-rojo', slug: 'el-paraguas-verde', title: 'El paraguas verde' },
  { from: 'las-cartas-del-faro', slug: 'las-cartas-del-puerto', title: 'Las cartas del puerto' },
] as const;

let source: TestApp;
let packagesRoot: string;
const apps: TestApp[] = [];

/** The story's export, unpacked into `<root>/<folder>/` with another slug and title. */
async function bundle(
  root: string,
  from: string,
  as: { slug: string; title: string },
  folder: string = as.slug,
) {
  const [row] = await source.database.db
    .select({ id: stories.id })
    .from(stories)
    .where(eq(stories.slug, from));
  const { body } = await source.app.context.services.admin.storyPackages.exportStory(row!.id);
  const dir = path.join(root, folder);
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(unzipSync(new Uint8Array(body)))) {
    const file = path.join(dir, path.basename(name));
    if (path.basename(name) !== 'story.json') {
      fs.writeFileSync(file, content);
      continue;
    }
    const story = storyPackageSchema.parse(JSON.parse(Buffer.from(content).toString('utf8')));
    fs.writeFileSync(file, JSON.stringify({ ...story, slug: as.slug, title: as.title }));
  }
  return dir;
}

async function freshApp() {
  const app = await createTestApp();
  apps.push(app);
  return app;
}

async function listStories(app: TestApp) {
  const res = await app.app.inject({ method: 'GET', url: '/api/stories' });
  return storyListResponseSchema.parse(res.json()).stories;
}

beforeAll(async () => {
  source = await freshApp();
  expect(await source.app.context.services.demoContent.seed()).toBe(true);
  packagesRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-bundled-'));
  for (const { from, slug, title } of BUNDLED) {
    await bundle(path.join(packagesRoot, 'good'), from, { slug, title });
  }
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  fs.rmSync(packagesRoot, { recursive: true, force: true });
});

describe('a fresh install with bundled story packages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await freshApp();
    const messages: string[] = [];
    const seeded = await t.app.context.services.demoContent.seed((m) => messages.push(m), {
      packagesDir: path.join(packagesRoot, 'good'),
    });
    expect(seeded).toBe(true);
    expect(messages).toEqual(['demo library seeded: 6 stories (2 from story packages)']);
  });

  it('lists them published among the stories of their level, easiest first', async () => {
    const listed = await listStories(t);
    expect(listed.map((story) => [story.slug, story.level])).toEqual([
      ['la-panaderia-de-la-calle-luna', 'Beginner'],
      ['el-paraguas-rojo', 'Beginner'],
      ['el-paraguas-verde', 'Beginner'],
      ['las-cartas-del-faro', 'Intermediate'],
      ['las-cartas-del-puerto', 'Intermediate'],
      ['la-memoria-de-los-olivos', 'Advanced'],
    ]);
    expect(listed.map((story) => story.position)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const { from, slug } of BUNDLED) {
      const story = listed.find((candidate) => candidate.slug === slug)!;
      const original = listed.find((candidate) => candidate.slug === from)!;
      expect(story.status).toBe('published');
      expect(story.requiresLogin).toBe(true);
      expect(story.imageUrl).toMatch(/^\/api\/files\/series-images\//);
      expect(story.chapters).toHaveLength(original.chapters.length);
      expect(story.chapters.every((chapter) => chapter.hasAudio && chapter.hasTranscript)).toBe(
        true,
      );
    }
  });

  it('gives learners the package’s timed transcripts, translations and glosses as they came', async () => {
    const listed = await listStories(t);
    const copy = listed.find((story) => story.slug === 'el-paraguas-verde')!;
    const original = listed.find((story) => story.slug === 'el-paraguas-rojo')!;
    expect(copy.chapters.map((chapter) => chapter.duration)).toEqual(
      original.chapters.map((chapter) => chapter.duration),
    );
    const { cookie } = await signedInUser(t);
    for (const [index, chapter] of copy.chapters.entries()) {
      const read = async (id: string) =>
        transcriptSchema.parse(
          (
            await t.app.inject({
              method: 'GET',
              url: `/api/chapters/${id}/transcript`,
              headers: { cookie },
            })
          ).json(),
        );
      const [mine, theirs] = await Promise.all([
        read(chapter.id),
        read(original.chapters[index]!.id),
      ]);
      expect(mine.segments.map((s) => [s.start, s.text, s.translation])).toEqual(
        theirs.segments.map((s) => [s.start, s.text, s.translation]),
      );
      expect(mine.segments.flatMap((s) => s.words.map((w) => w.gloss))).toEqual(
        theirs.segments.flatMap((s) => s.words.map((w) => w.gloss)),
      );
    }
  });

  it('imports them as an administrator would: audited, each transcript an imported version', async () => {
    const imports = await t.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.action, 'story_imported'));
    expect(imports.map((entry) => [entry.userId, entry.userAgent, entry.details.slug])).toEqual([
      [null, 'demo library', 'el-paraguas-verde'],
      [null, 'demo library', 'las-cartas-del-puerto'],
    ]);
    const chapterRows = await t.database.db.select().from(chapters);
    const versions = await t.database.db.select().from(transcriptVersions);
    expect(versions).toHaveLength(chapterRows.length);
    expect(versions.every((version) => version.source === 'import')).toBe(true);
  });

  it('is seeded once: a second run changes nothing', async () => {
    const files = await t.database.db.$count(fileUploads);
    expect(
      await t.app.context.services.demoContent.seed(undefined, {
        packagesDir: path.join(packagesRoot, 'good'),
      }),
    ).toBe(false);
    expect(await listStories(t)).toHaveLength(6);
    expect(await t.database.db.$count(fileUploads)).toBe(files);
    const [marker] = await t.database.db
      .select({ value: appState.value })
      .from(appState)
      .where(eq(appState.key, 'demo_content_seeded'));
    expect(marker?.value).toMatchObject({
      stories: 6,
      packages: ['el-paraguas-verde', 'las-cartas-del-puerto'],
    });
  });
});

describe('the story packages this repository ships (content/packages, the making run)', () => {
  it('seed with the demo library at first start, published, each among the stories of its level', async () => {
    const shipped = await shippedLibrary();
    // `source` was seeded from what ships: the built stories and content/packages.
    const listed = await listStories(source);
    expect(listed.map((story) => story.slug).sort()).toEqual([...shipped.slugs].sort());
    expect(listed.reduce((sum, story) => sum + story.chapters.length, 0)).toBe(shipped.chapters);
    const rank = { Beginner: 0, Intermediate: 1, Advanced: 2 } as const;
    const levels = listed.map((story) => rank[story.level]);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    expect(listed.every((story) => story.status === 'published')).toBe(true);
    expect(
      listed.every((story) =>
        story.chapters.every((chapter) => chapter.hasAudio && chapter.hasTranscript),
      ),
    ).toBe(true);
  });
});

describe('a bundled package the library cannot take', () => {
  async function refusedWith(prepare: (dir: string) => Promise<unknown>, message: string) {
    const dir = fs.mkdtempSync(path.join(packagesRoot, 'bad-'));
    await prepare(dir);
    const t = await freshApp();
    await expect(
      t.app.context.services.demoContent.seed(undefined, { packagesDir: dir }),
    ).rejects.toThrow(message);
    // Nothing was stored or marked: the next start tries again.
    expect(await t.database.db.$count(stories)).toBe(0);
    expect(await t.database.db.$count(fileUploads)).toBe(0);
    expect(await t.database.db.$count(appState, eq(appState.key, 'demo_content_seeded'))).toBe(0);
    for (const bucket of ['audios', 'trans', 'series-images'] as const) {
      expect(await t.storage.list(bucket)).toEqual([]);
    }
  }

  it('stops the seeding before anything is stored when a chapter has no timings', async () => {
    await refusedWith(async (root) => {
      const pkg = await bundle(root, 'el-paraguas-rojo', BUNDLED[0]);
      fs.rmSync(path.join(pkg, 'chapter-2.json'));
    }, 'el-paraguas-verde: chapter 2 needs its recording and its timed transcript (chapter-2.json)');
  });

  it('refuses a chapter a person has not reviewed: nobody can confirm it at first start', async () => {
    await refusedWith(async (root) => {
      const pkg = await bundle(root, 'el-paraguas-rojo', BUNDLED[0]);
      const file = path.join(pkg, 'chapter-1.json');
      const transcript = transcriptSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
      transcript.segments[0]!.translationSource = 'machine';
      transcript.segments[1]!.words[0]!.confidence = 0.2;
      fs.writeFileSync(file, JSON.stringify(transcript));
    }, 'el-paraguas-verde: chapter 1 is not reviewed (machineTranslations: 1, doubtfulTimings: 1)');
  });

  it('refuses a package the import refuses, naming its folder', async () => {
    await refusedWith(async (root) => {
      const pkg = await bundle(root, 'el-paraguas-rojo', BUNDLED[0]);
      fs.writeFileSync(path.join(pkg, 'chapter-1.m4a'), 'not audio at all');
    }, 'el-paraguas-verde: File type m4a is not supported');
  });

  it('refuses a slug or a title the library already has', async () => {
    await refusedWith(
      (root) => bundle(root, 'el-paraguas-rojo', { slug: 'el-paraguas-rojo', title: 'Otro' }),
      'another story of the library has the slug "el-paraguas-rojo"',
    );
    await refusedWith(
      (root) => bundle(root, 'el-paraguas-rojo', { slug: 'otro', title: 'EL PARAGUAS ROJO' }),
      'another story of the library has the title "EL PARAGUAS ROJO"',
    );
  });
});
