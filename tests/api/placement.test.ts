import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnerPlacements } from '#server/db/schema';
import { PSEUDO_WORDS } from '#server/modules/placement/pseudo-words';
import type { Placement, PlacementClozeAnswer, PlacementTest } from '#shared/contracts/placement';
import type { StoryKnowledgeResponse } from '#shared/contracts/progress';
import type { StoryLevel } from '#shared/contracts/stories';
import { transcriptSchema, type Transcript } from '#shared/transcript';
import { signedInUser } from './helpers/accounts.ts';
import { insertStory } from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Placement (issue 25, decision 071): a test made from the published stories, scored on the
 * server, kept one per learner, and joining the words the learner knows at once.
 */

type User = Awaited<ReturnType<typeof signedInUser>>;
let t: TestApp;
const transcripts = new Map<string, Transcript>();
const levelOfChapter = new Map<string, StoryLevel>();
let draftChapterId: string;

const demo = (file: string) =>
  transcriptSchema.parse(
    JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../content/generated', file), 'utf8'),
    ),
  );

async function storyOf(level: StoryLevel, files: string[], status: 'published' | 'draft') {
  const { chapters } = await insertStory(
    t.database.db,
    status === 'draft' ? { level, status, publishedAt: null } : { level, requiresLogin: true },
    files.length,
  );
  for (const [index, chapter] of chapters.entries()) {
    const transcript = demo(files[index]!);
    await t.storage.put(
      'trans',
      chapter.transcriptFileId,
      Buffer.from(JSON.stringify(transcript)),
      'application/json',
    );
    transcripts.set(chapter.id, transcript);
    levelOfChapter.set(chapter.id, level);
  }
  return chapters;
}

beforeAll(async () => {
  t = await createTestApp();
  await storyOf(
    'Beginner',
    [
      'la-panaderia-de-la-calle-luna/chapter-1.json',
      'la-panaderia-de-la-calle-luna/chapter-2.json',
    ],
    'published',
  );
  await storyOf('Intermediate', ['las-cartas-del-faro/chapter-1.json'], 'published');
  await storyOf('Advanced', ['la-memoria-de-los-olivos/chapter-1.json'], 'published');
  const [draft] = await storyOf('Beginner', ['el-paraguas-rojo/chapter-1.json'], 'draft');
  draftChapterId = draft!.id;
});
afterAll(async () => {
  await t.close();
});

const call = (user: User | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} });

async function takeTest(user: User): Promise<PlacementTest> {
  const res = await call(user, 'GET', '/api/me/placement/test');
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json() as PlacementTest;
}

async function submit(user: User, body: object): Promise<Placement> {
  const res = await call(user, 'POST', '/api/me/placement', body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { placement: Placement }).placement;
}

/** The word a blank stands for, read from the transcript the test was made from. */
function answerOf(chapterId: string, segmentId: string, wordId: string): string {
  const segment = transcripts.get(chapterId)!.segments.find((s) => s.id === segmentId)!;
  return segment.words.find((w) => w.id === wordId)!.text.replace(/[^\p{L}]+$/u, '');
}

/** Every blank of the test, answered right on the levels in `right`, "don't know" elsewhere. */
function clozeAnswers(test: PlacementTest, right: StoryLevel[]): PlacementClozeAnswer[] {
  return test.cloze.flatMap((item) =>
    item.blanks.map((blank) => ({
      chapterId: item.chapterId,
      segmentId: item.segmentId,
      wordId: blank.wordId,
      choice: right.includes(levelOfChapter.get(item.chapterId)!)
        ? answerOf(item.chapterId, item.segmentId, blank.wordId)
        : null,
    })),
  );
}

const blanksAt = (test: PlacementTest, level: StoryLevel) =>
  test.cloze
    .filter((item) => levelOfChapter.get(item.chapterId) === level)
    .reduce((sum, item) => sum + item.blanks.length, 0);

const isPseudo = (word: string) => PSEUDO_WORDS.includes(word);

async function knowledge(user: User) {
  const res = await call(user, 'GET', '/api/me/story-knowledge');
  expect(res.statusCode).toBe(200);
  return (res.json() as StoryKnowledgeResponse).stories;
}

describe('placement test', () => {
  it('asks three listening-cloze items of each level from published chapters, without answers', async () => {
    const learner = await signedInUser(t);
    const test = await takeTest(learner);
    const levels = test.cloze.map((item) => levelOfChapter.get(item.chapterId));
    expect(levels).toEqual([
      'Beginner',
      'Beginner',
      'Beginner',
      'Intermediate',
      'Intermediate',
      'Intermediate',
      'Advanced',
      'Advanced',
      'Advanced',
    ]);
    // One item from each chapter first: both Beginner chapters are asked.
    expect(new Set(test.cloze.slice(0, 3).map((item) => item.chapterId)).size).toBe(2);
    expect(test.cloze.some((item) => item.chapterId === draftChapterId)).toBe(false);
    for (const item of test.cloze) {
      expect(new Set(test.cloze.map((other) => other.id)).size).toBe(test.cloze.length);
      for (const blank of item.blanks) {
        expect(blank.options).toHaveLength(4);
        expect(blank.options).toContain(answerOf(item.chapterId, item.segmentId, blank.wordId));
      }
    }
    expect(JSON.stringify(test)).not.toMatch(/"answer"/);
    // Four bands of six words, eight made-up words.
    expect(test.words.filter(isPseudo)).toHaveLength(8);
    expect(test.words.filter((word) => !isPseudo(word))).toHaveLength(24);
    // Another request, another test.
    expect((await takeTest(learner)).words).not.toEqual(test.words);
  });

  it('answers 401 to a visitor on every placement route', async () => {
    for (const [method, url] of [
      ['GET', '/api/me/placement/test'],
      ['GET', '/api/me/placement'],
      ['POST', '/api/me/placement'],
    ] as const) {
      const res = await call(
        null,
        method,
        url,
        method === 'POST' ? { cloze: [], words: [] } : undefined,
      );
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });
});

describe('placement round trip', () => {
  it('scores, keeps and gives back a placement; its words count as known at once', async () => {
    const learner = await signedInUser(t);
    expect((await call(learner, 'GET', '/api/me/placement')).json()).toEqual({ placement: null });
    const before = await knowledge(learner);
    expect(before.every((story) => story.knownPercentage === 0)).toBe(true);

    const test = await takeTest(learner);
    const placement = await submit(learner, {
      cloze: clozeAnswers(test, ['Beginner', 'Intermediate', 'Advanced']),
      words: test.words.map((word) => ({ word, known: !isPseudo(word) })),
    });
    expect(placement).toMatchObject({
      level: 'Advanced',
      levels: [
        { level: 'Beginner', right: blanksAt(test, 'Beginner'), asked: blanksAt(test, 'Beginner') },
        {
          level: 'Intermediate',
          right: blanksAt(test, 'Intermediate'),
          asked: blanksAt(test, 'Intermediate'),
        },
        { level: 'Advanced', right: blanksAt(test, 'Advanced'), asked: blanksAt(test, 'Advanced') },
      ],
    });
    // Every word claimed, no made-up word: every common word of the stories is assumed known.
    expect(placement.siteWords).toBeGreaterThan(100);
    expect(placement.knownWordsEstimate).toBe(placement.siteWords);
    expect(Date.parse(placement.takenAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await call(learner, 'GET', '/api/me/placement')).json()).toEqual({ placement });

    const after = await knowledge(learner);
    for (const story of after) {
      expect(story.knownPercentage).toBe(100);
      expect(story.newWordsCount).toBe(0);
      expect(story.coveragePercentage).toBeGreaterThanOrEqual(99);
    }
    // A chapter's "You know N%" reads the same words.
    const chapterId = test.cloze[0]!.chapterId;
    const chapter = await call(learner, 'GET', `/api/chapters/${chapterId}/vocabulary`);
    expect(chapter.json()).toMatchObject({ knownPercentage: 100, newWordIds: [] });
  });

  it('a retake replaces the placement, and its words with it', async () => {
    const learner = await signedInUser(t);
    const first = await takeTest(learner);
    await submit(learner, {
      cloze: clozeAnswers(first, ['Beginner', 'Intermediate', 'Advanced']),
      words: first.words.map((word) => ({ word, known: !isPseudo(word) })),
    });
    const retake = await takeTest(learner);
    const placement = await submit(learner, {
      cloze: clozeAnswers(retake, ['Beginner']),
      words: retake.words.map((word) => ({ word, known: false })),
    });
    expect(placement).toMatchObject({ level: 'Beginner', knownWordsEstimate: 0 });
    expect(placement.levels.find((l) => l.level === 'Intermediate')).toMatchObject({ right: 0 });
    const rows = await t.database.db
      .select()
      .from(learnerPlacements)
      .where(eq(learnerPlacements.userId, learner.userId));
    expect(rows).toHaveLength(1);
    expect((await knowledge(learner)).every((story) => story.knownPercentage === 0)).toBe(true);
  });

  it('a learner who claims every word, made-up ones too, is assumed to know none', async () => {
    const learner = await signedInUser(t);
    const test = await takeTest(learner);
    const placement = await submit(learner, {
      cloze: [],
      words: test.words.map((word) => ({ word, known: true })),
    });
    expect(placement).toMatchObject({ level: 'Beginner', knownWordsEstimate: 0, levels: [] });
  });

  it('false alarms lower the estimate: half the made-up words claimed, half of each band', async () => {
    const learner = await signedInUser(t);
    const test = await takeTest(learner);
    const madeUp = test.words.filter(isPseudo);
    const placement = await submit(learner, {
      cloze: [],
      words: test.words.map((word) => ({
        word,
        known: !isPseudo(word) || madeUp.indexOf(word) % 2 === 0,
      })),
    });
    expect(placement.knownWordsEstimate).toBeGreaterThan(placement.siteWords * 0.45);
    expect(placement.knownWordsEstimate).toBeLessThan(placement.siteWords * 0.55);
    // The most frequent words of each band are assumed known: they are most of what is said.
    for (const story of await knowledge(learner)) {
      expect(story.knownPercentage).toBeGreaterThan(0);
      expect(story.knownPercentage).toBeLessThan(100);
      expect(story.coveragePercentage).toBeGreaterThan(story.knownPercentage);
    }
  });
});

describe('placement answers refused or ignored', () => {
  it('refuses an empty, oversized or malformed submission with 400', async () => {
    const learner = await signedInUser(t);
    for (const body of [
      { cloze: [], words: [] },
      { cloze: [], words: [{ word: 'casa', known: true }], extra: 1 },
      { cloze: [], words: Array.from({ length: 81 }, () => ({ word: 'casa', known: true })) },
      { cloze: [{ chapterId: 'nope', segmentId: 's1', wordId: 'w1', choice: 'x' }], words: [] },
      { words: [{ word: '', known: true }] },
    ]) {
      const res = await call(learner, 'POST', '/api/me/placement', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await call(learner, 'GET', '/api/me/placement')).json()).toEqual({ placement: null });
  });

  it('ignores answers about a draft, an unknown chapter, line or word, and unknown words', async () => {
    const learner = await signedInUser(t);
    const [beginner] = [...levelOfChapter].find(([, level]) => level === 'Beginner')!;
    const placement = await submit(learner, {
      cloze: [
        { chapterId: draftChapterId, segmentId: 's1', wordId: 's1w1', choice: 'Es' },
        { chapterId: randomUUID(), segmentId: 's1', wordId: 's1w1', choice: 'x' },
        { chapterId: beginner, segmentId: 'no-such-line', wordId: 'w1', choice: 'x' },
      ],
      words: [{ word: 'zzzz', known: true }],
    });
    expect(placement).toMatchObject({ level: 'Beginner', knownWordsEstimate: 0, levels: [] });
  });
});

describe('placement limits', () => {
  it('counts tests made and taken per account: the 21st in ten minutes is refused with 429', async () => {
    const busy = await signedInUser(t);
    const test = await takeTest(busy);
    await submit(busy, { cloze: clozeAnswers(test, []), words: [{ word: 'casa', known: true }] });
    for (let attempt = 2; attempt < 20; attempt += 1) {
      expect((await call(busy, 'GET', '/api/me/placement/test')).statusCode).toBe(200);
    }
    for (const [method, url, body] of [
      ['GET', '/api/me/placement/test', undefined],
      ['POST', '/api/me/placement', { cloze: [], words: [{ word: 'casa', known: true }] }],
    ] as const) {
      const refused = await call(busy, method, url, body);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'Too many placement tests at once. Please try again in a few minutes.',
      });
      expect(refused.json().error.details.retryAfterSeconds).toBeGreaterThan(0);
    }
    // The placement kept stays readable, and another learner is not counted with this one.
    expect((await call(busy, 'GET', '/api/me/placement')).statusCode).toBe(200);
    await takeTest(await signedInUser(t));
  });
});
