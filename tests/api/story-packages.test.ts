import fs from 'node:fs';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStoryResponseSchema } from '#shared/contracts/admin-stories';
import { storyListResponseSchema, type Story } from '#shared/contracts/stories';
import {
  importStoryResponseSchema,
  storyPackageSchema,
  type StoryPackageInput,
} from '#shared/contracts/story-packages';
import { transcriptSchema, type Transcript } from '#shared/transcript';
import {
  backgroundJobs,
  chapters,
  fileUploads,
  securityAuditLog,
  stories,
  transcriptVersions,
} from '#server/db/schema';
import { signedInUser } from './helpers/accounts.ts';
import { insertStory } from './helpers/fixtures.ts';
import {
  machineTranscript,
  machineTranscriptCounts,
  storyWithTranscripts,
} from './helpers/machine-output.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { zipOfZeros } from './helpers/zip-of-zeros.ts';

const ORIGIN = 'http://localhost:3000';
const DEMO_SLUG = 'el-paraguas-rojo';
const sampleAudio = fs.readFileSync(path.resolve('public/demo/sample.m4a'));

/** The demo library's site (seeded, published) and an empty one to import into. */
let source: TestApp;
let target: TestApp;
let sourceAdmin: Awaited<ReturnType<typeof signedInUser>>;
let targetAdmin: Awaited<ReturnType<typeof signedInUser>>;
let learner: Awaited<ReturnType<typeof signedInUser>>;
let exported: Buffer;

beforeAll(async () => {
  [source, target] = await Promise.all([createTestApp(), createTestApp()]);
  expect(await source.app.context.services.demoContent.seed()).toBe(true);
  sourceAdmin = await signedInUser(source, { role: 'admin' });
  targetAdmin = await signedInUser(target, { role: 'admin' });
  learner = await signedInUser(target);
  exported = (await exportStory(source, sourceAdmin.cookie, await demoStoryId())).rawPayload;
});
afterAll(async () => {
  await Promise.all([source.close(), target.close()]);
});

async function demoStoryId() {
  const [row] = await source.database.db
    .select({ id: stories.id })
    .from(stories)
    .where(eq(stories.slug, DEMO_SLUG));
  return row!.id;
}

const exportStory = (app: TestApp, cookie: string | undefined, id: string) =>
  app.app.inject({
    method: 'GET',
    url: `/api/admin/stories/${id}/export`,
    headers: cookie ? { cookie } : {},
  });

function multipart(filename: string, content: Buffer) {
  const boundary = '----relatos-story-package-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/zip\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const importPackage = (app: TestApp, zip: Buffer, cookie: string | undefined) => {
  const form = multipart('story.zip', zip);
  return app.app.inject({
    method: 'POST',
    url: '/api/admin/stories/import',
    payload: form.body,
    headers: {
      ...(cookie ? { cookie } : {}),
      origin: ORIGIN,
      'content-type': form.contentType,
    },
  });
};

/** A .zip of these files (names as given: at the top unless they name a folder). */
const zip = (files: Record<string, Buffer | string>) =>
  Buffer.from(
    zipSync(
      Object.fromEntries(
        Object.entries(files).map(([name, body]) => [
          name,
          typeof body === 'string' ? strToU8(body) : new Uint8Array(body),
        ]),
      ),
    ),
  );

const unzipped = (archive: Buffer) =>
  Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(archive))).map(([name, body]) => [
      name,
      Buffer.from(body),
    ]),
  );

const story = (overrides: Partial<StoryPackageInput> = {}): StoryPackageInput => ({
  slug: 'la-tienda',
  title: 'La tienda',
  level: 'Beginner',
  chapters: [{ title: 'Uno', sentences: [] }],
  ...overrides,
});

const timedTranscript = JSON.stringify({
  segments: [
    {
      id: 's1',
      start: 0,
      end: 1.2,
      text: 'Hola, Ana.',
      translation: 'Hello, Ana.',
      words: [
        { id: 's1w1', text: 'Hola', start: 0, end: 0.6, gloss: 'hello' },
        { id: 's1w2', text: 'Ana', start: 0.6, end: 1.2, gloss: 'Ana (name)' },
      ],
    },
  ],
});
const helloSentences = [
  {
    text: 'Hola, Ana.',
    translation: 'Hello, Ana.',
    words: [
      { text: 'Hola', gloss: 'hello' },
      { text: 'Ana', gloss: 'Ana (name)' },
    ],
  },
];

/** story.json of one chapter saying hello, its sentence with `extra` fields. */
const helloStory = (extra: Record<string, unknown>) =>
  JSON.stringify(
    story({ chapters: [{ title: 'Uno', sentences: [{ ...helloSentences[0]!, ...extra }] }] }),
  );

/** Everything an import could leave behind, in the database and in storage. */
async function footprint(app: TestApp) {
  const { db } = app.database;
  const count = async (table: typeof stories | typeof chapters | typeof fileUploads) =>
    (await db.select().from(table)).length;
  return {
    stories: await count(stories),
    chapters: await count(chapters),
    files: await count(fileUploads),
    versions: (await db.select().from(transcriptVersions)).length,
    jobs: (await db.select().from(backgroundJobs)).length,
    audios: await app.storage.list('audios'),
    transcripts: await app.storage.list('trans'),
    covers: await app.storage.list('series-images'),
  };
}

/** What learners read of a chapter: its transcript, through the preview for a draft. */
async function transcriptOf(app: TestApp, chapterId: string, cookie: string) {
  const res = await app.app.inject({
    method: 'GET',
    url: `/api/chapters/${chapterId}/transcript?preview=1`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return transcriptSchema.parse(res.json());
}

describe('GET /api/admin/stories/:id/export', () => {
  it("writes the story as the demo library's package: story.json, cover, audio and timed transcripts", async () => {
    const files = unzipped(exported);
    expect(Object.keys(files).sort()).toEqual(
      [
        'chapter-1.json',
        'chapter-1.m4a',
        'chapter-2.json',
        'chapter-2.m4a',
        'cover.webp',
        'story.json',
      ].map((name) => `${DEMO_SLUG}/${name}`),
    );
    const written = storyPackageSchema.parse(
      JSON.parse(files[`${DEMO_SLUG}/story.json`]!.toString()),
    );
    // The texts, translations and glosses are those of the hand-written source.
    const handWritten = JSON.parse(
      fs.readFileSync(path.resolve(`content/stories/${DEMO_SLUG}/story.json`), 'utf8'),
    );
    expect(written).toMatchObject({
      slug: DEMO_SLUG,
      title: handWritten.title,
      level: handWritten.level,
      requires_login: true,
    });
    // An export always says what questions each chapter has (none in this one's source).
    expect(written.chapters).toEqual(
      handWritten.chapters.map((chapter: object) => ({ questions: [], ...chapter })),
    );
    expect(
      files[`${DEMO_SLUG}/chapter-1.m4a`]!.equals(
        fs.readFileSync(path.resolve(`content/generated/${DEMO_SLUG}/chapter-1.m4a`)),
      ),
    ).toBe(true);
  });

  it('answers as an attachment, for administrators only', async () => {
    const res = await exportStory(source, sourceAdmin.cookie, await demoStoryId());
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${DEMO_SLUG}.zip"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const id = await demoStoryId();
    expect((await exportStory(source, undefined, id)).statusCode).toBe(401);
    const member = await signedInUser(source);
    expect((await exportStory(source, member.cookie, id)).statusCode).toBe(403);
    const unknown = await exportStory(
      source,
      sourceAdmin.cookie,
      '00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /api/admin/stories/import', () => {
  let imported: ReturnType<typeof importStoryResponseSchema.parse>;

  it('makes a draft of an exported story in an empty site: the same chapters, texts, times and translations', async () => {
    const res = await importPackage(target, exported, targetAdmin.cookie);
    expect(res.statusCode, res.body).toBe(201);
    imported = importStoryResponseSchema.parse(res.json());
    expect(imported.created).toBe(true);
    expect(imported.alignmentJobs).toEqual([]);
    expect(imported.story).toMatchObject({ slug: DEMO_SLUG, status: 'draft', complete: true });

    const original = storyListResponseSchema
      .parse((await source.app.inject({ method: 'GET', url: '/api/stories' })).json())
      .stories.find((candidate) => candidate.slug === DEMO_SLUG)!;
    const copy = (
      await target.app.inject({
        method: 'GET',
        url: `/api/stories/by-slug/${DEMO_SLUG}?preview=1`,
        headers: { cookie: targetAdmin.cookie },
      })
    ).json().story as Story;
    const content = (value: Story) => ({
      title: value.title,
      description: value.description,
      level: value.level,
      language: value.language,
      newWordsCount: value.newWordsCount,
      requiresLogin: value.requiresLogin,
      chapters: value.chapters.map((chapter) => [
        chapter.title,
        chapter.position,
        chapter.duration,
      ]),
    });
    expect(content(copy)).toEqual(content(original));
    for (const [index, chapter] of copy.chapters.entries()) {
      expect(await transcriptOf(target, chapter.id, targetAdmin.cookie)).toEqual(
        await transcriptOf(source, original.chapters[index]!.id, sourceAdmin.cookie),
      );
    }
    const versions = await target.database.db.select().from(transcriptVersions);
    expect(versions.map((version) => [version.version, version.source])).toEqual([
      [1, 'import'],
      [1, 'import'],
    ]);

    // Exported again, it is the same package but for its place: an imported story goes last in
    // the site that imports it, here first of one (decision 023).
    const again = unzipped(
      (await exportStory(target, targetAdmin.cookie, imported.story.id)).rawPayload,
    );
    const before = unzipped(exported);
    const storyJson = `${DEMO_SLUG}/story.json`;
    expect(Object.keys(again).sort()).toEqual(Object.keys(before).sort());
    for (const name of Object.keys(before).filter((file) => file !== storyJson)) {
      expect(again[name]!.equals(before[name]!), name).toBe(true);
    }
    expect(JSON.parse(again[storyJson]!.toString())).toEqual({
      ...JSON.parse(before[storyJson]!.toString()),
      position: 1,
    });
  });

  it('keeps the import out of learners’ sight: a draft', async () => {
    const res = await target.app.inject({
      method: 'GET',
      url: `/api/stories/by-slug/${DEMO_SLUG}?preview=1`,
      headers: { cookie: learner.cookie },
    });
    expect(res.statusCode).toBe(404);
    const [audit] = await target.database.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.action, 'story_imported'));
    expect(audit!.details).toMatchObject({ slug: DEMO_SLUG, created: true, chapters: 2 });
  });

  it('puts a new story last whatever position its package names, and keeps it there on update', async () => {
    const files = unzipped(exported);
    const storyFile = JSON.parse(files[`${DEMO_SLUG}/story.json`]!.toString());
    const renamed = { ...storyFile, slug: 'paraguas-copia', title: 'Paraguas copia', position: 1 };
    files[`${DEMO_SLUG}/story.json`] = Buffer.from(JSON.stringify(renamed));
    const order = async () =>
      (
        await source.database.db
          .select({ slug: stories.slug, position: stories.position })
          .from(stories)
          .orderBy(stories.position)
      ).map((row) => `${row.position}:${row.slug}`);
    const before = await order();
    const res = await importPackage(source, zip(files), sourceAdmin.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const copy = importStoryResponseSchema.parse(res.json()).story;
    expect(copy.position).toBe(before.length + 1);
    expect(await order()).toEqual([...before, `${before.length + 1}:paraguas-copia`]);

    // Imported again (an update), it stays where the site put it.
    const again = await importPackage(source, zip(files), sourceAdmin.cookie);
    expect(again.statusCode, again.body).toBe(200);
    expect(await order()).toEqual([...before, `${before.length + 1}:paraguas-copia`]);
    await source.app.inject({
      method: 'DELETE',
      url: `/api/admin/stories/${copy.id}`,
      headers: { cookie: sourceAdmin.cookie, origin: ORIGIN },
    });
    expect(await order()).toEqual(before);
  });

  it('updates the same story when the package comes again, storing nothing twice', async () => {
    const before = await footprint(target);
    const res = await importPackage(target, exported, targetAdmin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const again = importStoryResponseSchema.parse(res.json());
    expect(again.created).toBe(false);
    expect(again.story.id).toBe(imported.story.id);
    expect(again.story.chapters.map((chapter) => chapter.id)).toEqual(
      imported.story.chapters.map((chapter) => chapter.id),
    );
    expect(await footprint(target)).toEqual(before);
  });

  it("updates a published story's working copy only: learners see it once the changes are published", async () => {
    const files = unzipped(exported);
    const storyFile = JSON.parse(files[`${DEMO_SLUG}/story.json`]!.toString());
    storyFile.title = 'El paraguas azul';
    files[`${DEMO_SLUG}/story.json`] = Buffer.from(JSON.stringify(storyFile));
    const res = await importPackage(source, zip(files), sourceAdmin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const updated = importStoryResponseSchema.parse(res.json()).story;
    expect(updated).toMatchObject({ status: 'published', hasUnpublishedChanges: true });
    const publicTitle = async () =>
      storyListResponseSchema
        .parse((await source.app.inject({ method: 'GET', url: '/api/stories' })).json())
        .stories.find((candidate) => candidate.slug === DEMO_SLUG)!.title;
    expect(await publicTitle()).toBe('El paraguas rojo');
    await source.app.inject({
      method: 'POST',
      url: `/api/admin/stories/${updated.id}/publish-changes`,
      headers: { cookie: sourceAdmin.cookie, origin: ORIGIN },
    });
    expect(await publicTitle()).toBe('El paraguas azul');
  });

  it('queues an alignment for a chapter that comes with audio and text but no timings', async () => {
    const untimed = zip({
      'story.json': JSON.stringify(
        story({
          slug: 'sin-tiempos',
          title: 'Sin tiempos',
          chapters: [{ title: 'Uno', sentences: helloSentences }],
        }),
      ),
      'chapter-1.m4a': sampleAudio,
    });
    const res = await importPackage(target, untimed, targetAdmin.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const body = importStoryResponseSchema.parse(res.json());
    const chapterId = body.story.chapters[0]!.id;
    expect(body.story.chapters[0]).toMatchObject({ transcriptFileId: '' });
    expect(body.story.chapters[0]!.audioFileId).not.toBe('');
    expect(body.alignmentJobs).toHaveLength(1);
    expect(body.alignmentJobs[0]).toMatchObject({ kind: 'align-chapter', subjectId: chapterId });
    const [job] = await target.database.db
      .select()
      .from(backgroundJobs)
      .where(eq(backgroundJobs.id, body.alignmentJobs[0]!.id));
    expect(job!.payload).toMatchObject({
      chapterId,
      audioKey: body.story.chapters[0]!.audioFileId,
      transcript: {
        segments: [
          {
            text: 'Hola, Ana.',
            translation: 'Hello, Ana.',
            words: [
              { text: 'Hola', gloss: 'hello' },
              { text: 'Ana', gloss: 'Ana (name)' },
            ],
          },
        ],
      },
    });

    // The same package while that alignment waits: the chapter keeps its one job.
    const twice = importStoryResponseSchema.parse(
      (await importPackage(target, untimed, targetAdmin.cookie)).json(),
    );
    expect(twice.alignmentJobs.map((entry) => entry.id)).toEqual([body.alignmentJobs[0]!.id]);
  });

  it('refuses visitors and learners before reading the package', async () => {
    const tiny = zip({ 'story.json': JSON.stringify(story()) });
    expect((await importPackage(target, tiny, undefined)).statusCode).toBe(401);
    expect((await importPackage(target, tiny, learner.cookie)).statusCode).toBe(403);
  });

  describe('refusals store nothing', () => {
    const cover = fs.readFileSync(path.resolve(`content/generated/${DEMO_SLUG}/cover.webp`));
    const bomb = Buffer.alloc(6 * 1024 * 1024, 0x20);

    it.each([
      ['a file that is not a zip', () => Buffer.from('not a zip'), 400, 'not a .zip'],
      ['a package without story.json', () => zip({ 'cover.webp': cover }), 400, 'no story.json'],
      [
        'a story.json the schema refuses',
        () => zip({ 'story.json': JSON.stringify({ ...story(), level: 'Expert' }) }),
        400,
        'story.json /level',
      ],
      [
        'a story.json that is not JSON',
        () => zip({ 'story.json': '{ "slug": ' }),
        400,
        'not valid JSON',
      ],
      [
        'audio that is not audio',
        () => zip({ 'story.json': JSON.stringify(story()), 'chapter-1.m4a': 'just text' }),
        415,
        'not supported',
      ],
      [
        'a timed transcript that tells another text',
        () =>
          zip({
            'story.json': JSON.stringify(
              story({
                chapters: [
                  { title: 'Uno', sentences: [{ ...helloSentences[0]!, text: 'Adiós, Ana.' }] },
                ],
              }),
            ),
            'chapter-1.m4a': sampleAudio,
            'chapter-1.json': timedTranscript,
          }),
        400,
        'sentence 1 of story.json differs',
      ],
      [
        'story.json marking a translation otherwise than the timed transcript (decision 043)',
        () =>
          zip({
            'story.json': helloStory({ translation_source: 'machine' }),
            'chapter-1.m4a': sampleAudio,
            'chapter-1.json': timedTranscript,
          }),
        400,
        'Chapter 1: story.json marks the translation of sentence 1 otherwise than chapter-1.json',
      ],
      [
        'a proposal origin on a text no machine made',
        () =>
          zip({
            'story.json': helloStory({ translation_origin: 'apertium' }),
            'chapter-1.m4a': sampleAudio,
          }),
        400,
        'translation_origin goes only with translation_source "machine"',
      ],
      [
        'a transcript the player cannot read',
        () =>
          zip({
            'story.json': JSON.stringify(story()),
            'chapter-1.json': JSON.stringify({ segments: [{ id: 's1' }] }),
          }),
        400,
        'cannot be read by the player',
      ],
      [
        'a transcript whose times go backwards',
        () =>
          zip({
            'story.json': JSON.stringify(story()),
            'chapter-1.m4a': sampleAudio,
            'chapter-1.json': timedTranscript.replace('"start":0.6', '"start":0.1'),
          }),
        400,
        'chapter-1.json cannot be read by the player: /segments/0/words/',
      ],
      [
        'text without a recording to align it with',
        () =>
          zip({
            'story.json': JSON.stringify(
              story({ chapters: [{ title: 'Uno', sentences: helloSentences }] }),
            ),
          }),
        400,
        'neither audio nor a timed transcript',
      ],
      [
        'a file of a chapter story.json does not have',
        () => zip({ 'story.json': JSON.stringify(story()), 'chapter-2.m4a': sampleAudio }),
        400,
        'belongs to no chapter',
      ],
      [
        'a file a package never has',
        () => zip({ 'story.json': JSON.stringify(story()), 'notes.txt': 'hi' }),
        400,
        'notes.txt',
      ],
      [
        'two stories in one archive',
        () =>
          zip({
            'one/story.json': JSON.stringify(story()),
            'two/cover.webp': cover,
          }),
        400,
        'one folder',
      ],
      [
        'a small archive that inflates past its file limit',
        () => zip({ 'story.json': JSON.stringify(story()), 'chapter-1.json': bomb }),
        413,
        'larger than 5 MB',
      ],
    ] as const)('%s', async (_name, build, status, message) => {
      const before = await footprint(target);
      const res = await importPackage(target, build(), targetAdmin.cookie);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.message).toContain(message);
      expect(await footprint(target)).toEqual(before);
    });

    it.each([
      ['saying how large its files are', {}],
      ['claiming 1 MB a file', { claimedBytes: 1024 * 1024 }],
    ])(
      'refuses at once a small archive whose files, each under its limit, unpack to a gigabyte, %s; memory grows by tens of MB at most',
      async (_headers, claim) => {
        // 12 recordings of 90 MB of zeros (one may have 100 MB): 1.1 GB from a 1.1 MB archive.
        const names = Array.from({ length: 12 }, (_, i) => `chapter-${i + 1}.mp3`);
        const bomb = zipOfZeros(names, 90, claim);
        expect(bomb.length).toBeLessThan(1.2 * 1024 * 1024);
        const before = await footprint(target);
        const peakBefore = process.resourceUsage().maxRSS; // kilobytes
        const started = performance.now();

        const res = await importPackage(target, bomb, targetAdmin.cookie);

        const seconds = (performance.now() - started) / 1000;
        const peakGrowthMegabytes = (process.resourceUsage().maxRSS - peakBefore) / 1024;
        expect(res.statusCode, res.body).toBe(413);
        expect(res.json()).toEqual({
          error: {
            code: 'PAYLOAD_TOO_LARGE',
            message:
              'The package unpacks to more than 20 times its own size, which no story package does (recordings barely compress): it was not imported',
          },
        });
        expect(seconds).toBeLessThan(5);
        expect(peakGrowthMegabytes).toBeLessThan(80);
        expect(await footprint(target)).toEqual(before);
      },
    );

    it('removes the files it stored when the story cannot be written (a title another story has)', async () => {
      await insertStory(target.database.db, { title: 'Título ocupado' }, 0);
      const before = await footprint(target);
      const res = await importPackage(
        target,
        zip({
          'story.json': JSON.stringify(
            story({
              slug: 'otra-historia',
              title: 'Título ocupado',
              chapters: [{ title: 'Uno', sentences: helloSentences }],
            }),
          ),
          'cover.webp': cover,
          'chapter-1.m4a': sampleAudio,
          'chapter-1.json': timedTranscript,
        }),
        targetAdmin.cookie,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('A story with this title already exists');
      expect(await footprint(target)).toEqual(before);
    });
  });

  describe('review state travels with the package (decision 043)', () => {
    /** A published story of the source site whose one chapter is machineTranscript. */
    async function machineStory() {
      const { story: row, chapters: rows } = await storyWithTranscripts(source, machineTranscript);
      await source.storage.put('audios', rows[0]!.audioFileId, sampleAudio, 'audio/mp4');
      return { row, chapter: rows[0]! };
    }
    const storyJsonOf = (files: Record<string, Buffer>, slug: string) =>
      storyPackageSchema.parse(JSON.parse(files[`${slug}/story.json`]!.toString()));

    it('exports each translation and gloss with its machine mark and origin, and an import keeps them', async () => {
      const { row } = await machineStory();
      const files = unzipped((await exportStory(source, sourceAdmin.cookie, row.id)).rawPayload);
      const [approved, proposed] = storyJsonOf(files, row.slug).chapters[0]!.sentences;
      expect(approved).toMatchObject({ translation_source: 'human' });
      expect(approved!.words[1]).toEqual({ text: 'casa', gloss: 'house' });
      expect(proposed).toMatchObject({
        translation: 'Raisin the afternoon.',
        translation_source: 'machine',
        translation_origin: 'apertium',
      });
      expect(proposed!.words[0]).toEqual({
        text: 'Pasa',
        gloss: 'raisin',
        gloss_source: 'machine',
        gloss_origin: 'lexicon',
      });

      const res = await importPackage(target, zip(files), targetAdmin.cookie);
      expect(res.statusCode, res.body).toBe(201);
      const copy = importStoryResponseSchema.parse(res.json()).story;
      expect(await transcriptOf(target, copy.chapters[0]!.id, targetAdmin.cookie)).toEqual(
        machineTranscript,
      );
      // Publishing it lists the machine's work as unreviewed, as on the site it came from.
      const state = await target.app.inject({
        method: 'GET',
        url: `/api/admin/stories/${copy.id}/review-state?action=publish`,
        headers: { cookie: targetAdmin.cookie },
      });
      expect(state.json().reviewState.unreviewed).toEqual(machineTranscriptCounts);
    });

    it('exports a story a person reviewed while the studio kept the proposals’ origins as a package that imports', async () => {
      const reviewed: Transcript = {
        segments: machineTranscript.segments.map((segment) => ({
          ...segment,
          translationSource: 'human' as const,
          words: segment.words.map((word) =>
            word.glossSource === 'machine' ? { ...word, glossSource: 'human' as const } : word,
          ),
        })),
      };
      const { story: row, chapters: rows } = await storyWithTranscripts(source, reviewed);
      await source.storage.put('audios', rows[0]!.audioFileId, sampleAudio, 'audio/mp4');
      const files = unzipped((await exportStory(source, sourceAdmin.cookie, row.id)).rawPayload);
      const proposed = storyJsonOf(files, row.slug).chapters[0]!.sentences[1]!;
      expect(proposed).toMatchObject({ translation_source: 'human' });
      expect(proposed).not.toHaveProperty('translation_origin');
      expect(proposed.words[0]).toEqual({ text: 'Pasa', gloss: 'raisin', gloss_source: 'human' });

      const res = await importPackage(target, zip(files), targetAdmin.cookie);
      expect(res.statusCode, res.body).toBe(201);
    });

    it('keeps the marks of a chapter that comes as text to align', async () => {
      const res = await importPackage(
        target,
        zip({
          'story.json': JSON.stringify(
            story({
              slug: 'marcas-sin-tiempos',
              title: 'Marcas sin tiempos',
              chapters: [
                {
                  title: 'Uno',
                  sentences: [
                    {
                      text: 'Pasa la tarde.',
                      translation: 'Raisin the afternoon.',
                      translation_source: 'machine',
                      translation_origin: 'apertium',
                      words: [
                        { text: 'Pasa', gloss: 'raisin', gloss_source: 'machine' },
                        { text: 'la', gloss: 'the', gloss_source: 'human' },
                        { text: 'tarde', gloss: 'afternoon' },
                      ],
                    },
                  ],
                },
              ],
            }),
          ),
          'chapter-1.m4a': sampleAudio,
        }),
        targetAdmin.cookie,
      );
      expect(res.statusCode, res.body).toBe(201);
      const [job] = importStoryResponseSchema.parse(res.json()).alignmentJobs;
      const [row] = await target.database.db
        .select({ payload: backgroundJobs.payload })
        .from(backgroundJobs)
        .where(eq(backgroundJobs.id, job!.id));
      const [segment] = (row!.payload as { transcript: Transcript }).transcript.segments;
      expect(segment).toMatchObject({
        translationSource: 'machine',
        translationOrigin: 'apertium',
        words: [
          { text: 'Pasa', glossSource: 'machine' },
          { text: 'la', glossSource: 'human' },
          { text: 'tarde', gloss: 'afternoon' },
        ],
      });
      // Left out, a person wrote it (as in the demo library).
      expect(segment!.words[2]).not.toHaveProperty('glossSource');
    });

    it('re-importing an unchanged package changes nothing, even when its files are other bytes', async () => {
      // The site stores this transcript compactly; the export writes it indented.
      const { row, chapter } = await machineStory();
      const exportedZip = (await exportStory(source, sourceAdmin.cookie, row.id)).rawPayload;
      const stored = (
        await source.storage.readBuffer('trans', chapter.transcriptFileId)
      ).toString();
      const written = unzipped(exportedZip)[`${row.slug}/chapter-1.json`]!.toString();
      expect(written).not.toBe(stored);

      const versionsOf = async (chapterId: string) =>
        (
          await source.database.db
            .select()
            .from(transcriptVersions)
            .where(eq(transcriptVersions.chapterId, chapterId))
        ).length;
      const before = { versions: await versionsOf(chapter.id), files: await footprint(source) };
      const res = await importPackage(source, exportedZip, sourceAdmin.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const again = importStoryResponseSchema.parse(res.json()).story;
      expect(again).toMatchObject({ status: 'published', hasUnpublishedChanges: false });
      expect(again.chapters[0]).toMatchObject({
        id: chapter.id,
        transcriptFileId: chapter.transcriptFileId,
        duration: chapter.duration,
      });
      expect(await versionsOf(chapter.id)).toBe(before.versions);
      expect(await footprint(source)).toEqual(before.files);
      const [audit] = await source.database.db
        .select({ details: securityAuditLog.details })
        .from(securityAuditLog)
        .where(eq(securityAuditLog.action, 'story_imported'))
        .orderBy(desc(securityAuditLog.createdAt))
        .limit(1);
      expect(audit!.details).toMatchObject({
        story_id: row.id,
        created: false,
        files_stored: 0,
        transcript_versions: 0,
        unchanged: true,
      });
    });

    it('re-importing the demo library’s own export leaves the live story as it is', async () => {
      const current = (await exportStory(source, sourceAdmin.cookie, await demoStoryId()))
        .rawPayload;
      const res = await importPackage(source, current, sourceAdmin.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(importStoryResponseSchema.parse(res.json()).story).toMatchObject({
        slug: DEMO_SLUG,
        status: 'published',
        hasUnpublishedChanges: false,
      });
    });
  });

  describe('comprehension questions travel with the package (decision 069)', () => {
    const twoLines = {
      segments: [
        JSON.parse(timedTranscript).segments[0],
        {
          id: 's2',
          start: 1.2,
          end: 2,
          text: 'Vive en Madrid.',
          translation: 'She lives in Madrid.',
          words: [
            { id: 's2w1', text: 'Vive', start: 1.2, end: 1.5, gloss: 'lives' },
            { id: 's2w2', text: 'en', start: 1.5, end: 1.6, gloss: 'in' },
            { id: 's2w3', text: 'Madrid', start: 1.6, end: 2, gloss: 'Madrid (name)' },
          ],
        },
      ],
    } satisfies Transcript;
    const where = {
      text: 'Where does Ana live?',
      options: ['In Lima', 'In Madrid'],
      correctOption: 1,
      segmentId: 's2',
    };
    const who = {
      text: 'Who is greeted?',
      options: ['Ana', 'Luis'],
      correctOption: 0,
      segmentId: null,
    };
    const questionsOf = async (app: TestApp, cookie: string, chapterId: string) => {
      const res = await app.app.inject({
        method: 'GET',
        url: `/api/admin/chapters/${chapterId}/questions`,
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().questions as unknown[];
    };
    const storyJsonIn = (files: Record<string, Buffer>, slug: string) =>
      JSON.parse(files[`${slug}/story.json`]!.toString()) as StoryPackageInput;

    /** A source story of one chapter (two lines) with `where` and `who`, exported. */
    async function exportedWithQuestions() {
      const { story: row, chapters: rows } = await storyWithTranscripts(source, twoLines);
      await source.storage.put('audios', rows[0]!.audioFileId, sampleAudio, 'audio/mp4');
      const saved = await source.app.inject({
        method: 'PUT',
        url: `/api/admin/chapters/${rows[0]!.id}/questions`,
        payload: { questions: [where, who] },
        headers: { cookie: sourceAdmin.cookie, origin: ORIGIN },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const files = unzipped((await exportStory(source, sourceAdmin.cookie, row.id)).rawPayload);
      return { row, files };
    }

    it('exports each question with its answer by its text and its line by number; an import restores them', async () => {
      const { row, files } = await exportedWithQuestions();
      expect(storyJsonIn(files, row.slug).chapters[0]!.questions).toEqual([
        {
          question: 'Where does Ana live?',
          options: ['In Lima', 'In Madrid'],
          answer: 'In Madrid',
          line: 2,
        },
        { question: 'Who is greeted?', options: ['Ana', 'Luis'], answer: 'Ana' },
      ]);

      const res = await importPackage(target, zip(files), targetAdmin.cookie);
      expect(res.statusCode, res.body).toBe(201);
      const copy = importStoryResponseSchema.parse(res.json()).story;
      expect(await questionsOf(target, targetAdmin.cookie, copy.chapters[0]!.id)).toEqual([
        where,
        who,
      ]);

      // The same package again changes nothing.
      const before = await footprint(target);
      const again = await importPackage(target, zip(files), targetAdmin.cookie);
      expect(again.statusCode, again.body).toBe(200);
      expect(await footprint(target)).toEqual(before);
      const [audit] = await target.database.db
        .select({ details: securityAuditLog.details })
        .from(securityAuditLog)
        .where(eq(securityAuditLog.action, 'story_imported'))
        .orderBy(desc(securityAuditLog.createdAt))
        .limit(1);
      expect(audit!.details).toMatchObject({ story_id: copy.id, unchanged: true });
    });

    it('imports a package made before questions existed, keeping the questions a chapter has; [] removes them', async () => {
      const { row, files } = await exportedWithQuestions();
      const chapterId = (
        await source.database.db
          .select({ id: chapters.id })
          .from(chapters)
          .where(eq(chapters.storyId, row.id))
      )[0]!.id;
      const storyFile = storyJsonIn(files, row.slug);
      const withQuestions = (questions?: unknown[]) => {
        const chapter = { ...storyFile.chapters[0]! };
        delete chapter.questions;
        const file = { ...storyFile, chapters: [questions ? { ...chapter, questions } : chapter] };
        return zip({ ...files, [`${row.slug}/story.json`]: JSON.stringify(file) });
      };

      const older = await importPackage(source, withQuestions(), sourceAdmin.cookie);
      expect(older.statusCode, older.body).toBe(200);
      expect(await questionsOf(source, sourceAdmin.cookie, chapterId)).toEqual([where, who]);

      const none = await importPackage(source, withQuestions([]), sourceAdmin.cookie);
      expect(none.statusCode, none.body).toBe(200);
      expect(await questionsOf(source, sourceAdmin.cookie, chapterId)).toEqual([]);
    });

    it('names the lines of a chapter that comes as text to align by the ids the aligner keeps', async () => {
      const res = await importPackage(
        target,
        zip({
          'story.json': JSON.stringify(
            story({
              slug: 'preguntas-sin-tiempos',
              title: 'Preguntas sin tiempos',
              chapters: [
                {
                  title: 'Uno',
                  sentences: helloSentences,
                  questions: [
                    {
                      question: '¿A quién saluda?',
                      options: ['A Ana', 'A Luis'],
                      answer: 'a ana',
                      line: 1,
                    },
                  ],
                },
              ],
            }),
          ),
          'chapter-1.m4a': sampleAudio,
        }),
        targetAdmin.cookie,
      );
      expect(res.statusCode, res.body).toBe(201);
      const body = importStoryResponseSchema.parse(res.json());
      const [job] = await target.database.db
        .select({ payload: backgroundJobs.payload })
        .from(backgroundJobs)
        .where(eq(backgroundJobs.id, body.alignmentJobs[0]!.id));
      const lineId = (job!.payload as { transcript: Transcript }).transcript.segments[0]!.id;
      expect(await questionsOf(target, targetAdmin.cookie, body.story.chapters[0]!.id)).toEqual([
        {
          text: '¿A quién saluda?',
          options: ['A Ana', 'A Luis'],
          correctOption: 0,
          segmentId: lineId,
        },
      ]);
    });

    it.each([
      [
        'an answer that is not one of its options',
        { question: '¿Quién?', options: ['Ana', 'Luis'], answer: 'Eva' },
        'story.json /chapters/0/questions/0/answer: answer must be one of the question’s options, as written there',
      ],
      [
        'two options that read the same',
        { question: '¿Quién?', options: ['Ana', 'ANA'], answer: 'Ana' },
        'story.json /chapters/0/questions/0/options/1: This option says the same as another one: make each option different',
      ],
      [
        'a line the chapter does not have',
        { question: '¿Quién?', options: ['Ana', 'Luis'], answer: 'Ana', line: 3 },
        'Chapter 1: question 1 names line 3, but the chapter has one line',
      ],
    ])('refuses a package with %s, storing nothing', async (_case, question, message) => {
      const before = await footprint(target);
      const res = await importPackage(
        target,
        zip({
          'story.json': JSON.stringify(
            story({
              slug: 'preguntas-malas',
              title: 'Preguntas malas',
              chapters: [{ title: 'Uno', sentences: helloSentences, questions: [question] }],
            }),
          ),
          'chapter-1.m4a': sampleAudio,
          'chapter-1.json': timedTranscript,
        }),
        targetAdmin.cookie,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
      expect(await footprint(target)).toEqual(before);
    });
  });

  it('answers the story as the admin story contract describes it', async () => {
    const res = await target.app.inject({
      method: 'GET',
      url: `/api/admin/stories/${imported.story.id}`,
      headers: { cookie: targetAdmin.cookie },
    });
    expect(adminStoryResponseSchema.parse(res.json()).story).toEqual(imported.story);
  });
});
