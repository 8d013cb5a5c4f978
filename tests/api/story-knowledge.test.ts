import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterVocabulary } from '#server/db/schema';
import type { StoryKnowledge, StoryKnowledgeResponse } from '#shared/contracts/progress';
import { lookupWord } from '#shared/lexicon/index';
import type { Transcript } from '#shared/transcript';
import { signedInUser } from './helpers/accounts.ts';
import { insertStory } from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * The share of each story's words a learner knows (issue 25, decision 067): the story's distinct
 * common-word lemmas, known when heard in a completed chapter or when a saved word's last review
 * was Good or Easy; the same rule as a chapter's "You know N%".
 */

type User = Awaited<ReturnType<typeof signedInUser>>;
type Story = Awaited<ReturnType<typeof insertStory>>;
let t: TestApp;
let storyA: Story;
let storyB: Story;
let draft: Story;

/** A transcript of one line per sentence, its words written bare. */
function transcriptOf(sentences: string[]): Transcript {
  return {
    segments: sentences.map((sentence, line) => {
      const words = sentence.replace(/\.$/, '').split(' ');
      return {
        id: `s${line + 1}`,
        start: line * 5,
        end: line * 5 + 4,
        text: sentence,
        words: words.map((text, index) => ({
          id: `s${line + 1}w${index + 1}`,
          text,
          start: line * 5 + index * 0.5,
          end: line * 5 + index * 0.5 + 0.4,
        })),
      };
    }),
  };
}

const A1 = ['El perro come pan en la casa.'];
const A2 = ['La mujer lee un libro grande.'];
// Words used twice: a share of running words (80 % once A1 is heard) is not one of distinct
// words (75 %).
const B1 = ['El perro duerme en la casa grande.', 'El perro come.'];

/** The common-word lemmas of some sentences, as the lexicon gives them. */
const lemmasOf = (...texts: string[][]) =>
  new Set(
    texts
      .flat()
      .flatMap((sentence) => sentence.replace(/\.$/, '').split(' '))
      .flatMap((word) => lookupWord(word)?.lemma ?? []),
  );
/** The share of running words known (names and numbers aside: these texts have none). */
const coverageOf = (texts: string[][], known: Set<string>) => {
  const words = texts.flat().flatMap((sentence) => sentence.replace(/\.$/, '').split(' '));
  const knownWords = words.filter((word) => known.has(lookupWord(word)?.lemma ?? ''));
  return Math.floor((knownWords.length / words.length) * 100);
};
const shareOf = (lemmas: Set<string>, known: Set<string>) => {
  const knownCount = [...lemmas].filter((lemma) => known.has(lemma)).length;
  return {
    knownPercentage: Math.floor((knownCount / lemmas.size) * 100),
    newWordsCount: lemmas.size - knownCount,
  };
};

async function storyWith(chapterTexts: string[][], status: 'published' | 'draft' = 'published') {
  const story = await insertStory(
    t.database.db,
    status === 'draft' ? { status, publishedAt: null } : {},
    chapterTexts.length,
  );
  for (const [index, chapter] of story.chapters.entries()) {
    await t.storage.put(
      'trans',
      chapter.transcriptFileId,
      Buffer.from(JSON.stringify(transcriptOf(chapterTexts[index]!))),
      'application/json',
    );
  }
  return story;
}

beforeAll(async () => {
  t = await createTestApp();
  storyA = await storyWith([A1, A2]);
  storyB = await storyWith([B1]);
  draft = await storyWith([A1], 'draft');
});
afterAll(async () => {
  await t.close();
});

const call = (user: User | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} });

async function knowledge(user: User): Promise<Map<string, StoryKnowledge>> {
  const res = await call(user, 'GET', '/api/me/story-knowledge');
  expect(res.statusCode).toBe(200);
  const { stories } = res.json() as StoryKnowledgeResponse;
  return new Map(stories.map((story) => [story.storyId, story]));
}

async function complete(user: User, chapterId: string) {
  const now = Date.now();
  const res = await call(user, 'POST', '/api/progress', {
    chapterId,
    positionSeconds: 60,
    durationSeconds: 60,
    clientTimestamp: now,
    sentAt: now,
  });
  expect(res.json().progress.completed).toBe(true);
}

async function rate(user: User, itemId: string, rating: number, reviewedAt: number) {
  const res = await call(user, 'POST', '/api/me/review/answers', {
    answers: [{ answerId: randomUUID(), itemId, rating, reviewedAt }],
    sentAt: Date.now(),
  });
  expect(res.json().results[0].outcome).toBe('applied');
}

describe('story knowledge', () => {
  it('a fresh learner knows none of any published story; drafts are not listed', async () => {
    const learner = await signedInUser(t);
    const shares = await knowledge(learner);
    expect(shares.get(storyA.story.id)).toEqual({
      storyId: storyA.story.id,
      knownPercentage: 0,
      newWordsCount: lemmasOf(A1, A2).size,
      coveragePercentage: 0,
    });
    expect(shares.get(storyB.story.id)).toMatchObject({
      knownPercentage: 0,
      newWordsCount: lemmasOf(B1).size,
    });
    expect(shares.has(draft.story.id)).toBe(false);
  });

  it("completing a chapter raises its story's share and that of stories sharing its words", async () => {
    const learner = await signedInUser(t);
    await complete(learner, storyA.chapters[0]!.id);
    const heard = lemmasOf(A1);
    const shares = await knowledge(learner);
    const a = shares.get(storyA.story.id)!;
    const b = shares.get(storyB.story.id)!;
    expect(a).toMatchObject(shareOf(lemmasOf(A1, A2), heard));
    expect(b).toMatchObject(shareOf(lemmasOf(B1), heard));
    expect(a.knownPercentage).toBeGreaterThan(0);
    expect(a.knownPercentage).toBeLessThan(100);
    // Running words weigh the words said twice: B1 reads 80 % where its distinct words read 75 %.
    expect(b.coveragePercentage).toBe(coverageOf([B1], heard));
    expect(b.coveragePercentage).toBeGreaterThan(b.knownPercentage);
    expect(a.coveragePercentage).toBe(coverageOf([A1, A2], heard));
    expect(b.knownPercentage).toBeGreaterThan(0);
    // Someone else's listening counts for nobody else.
    const other = await knowledge(await signedInUser(t));
    expect(other.get(storyA.story.id)!.knownPercentage).toBe(0);
  });

  it('a saved word whose last review was Good counts as known; Again takes it back', async () => {
    const learner = await signedInUser(t);
    const saved = await call(learner, 'POST', '/api/me/saved-items', {
      kind: 'word',
      chapterId: storyA.chapters[1]!.id,
      segmentId: 's1',
      wordId: 's1w5',
    });
    expect(saved.json().item.text).toBe('libro');
    const itemId = saved.json().item.id as string;
    const before = (await knowledge(learner)).get(storyA.story.id)!;

    await rate(learner, itemId, 2, Date.now() - 60_000);
    expect((await knowledge(learner)).get(storyA.story.id)).toEqual(before);
    await rate(learner, itemId, 3, Date.now() - 30_000);
    const recalled = (await knowledge(learner)).get(storyA.story.id)!;
    expect(recalled).toMatchObject(shareOf(lemmasOf(A1, A2), lemmasOf(['libro'])));
    expect(recalled.newWordsCount).toBe(before.newWordsCount - 1);
    await rate(learner, itemId, 1, Date.now() - 1000);
    expect((await knowledge(learner)).get(storyA.story.id)).toEqual(before);
  });

  it('agrees with a chapter\'s "You know N%" for a story of one chapter', async () => {
    const learner = await signedInUser(t);
    await complete(learner, storyA.chapters[0]!.id);
    const chapter = await call(
      learner,
      'GET',
      `/api/chapters/${storyB.chapters[0]!.id}/vocabulary`,
    );
    const story = (await knowledge(learner)).get(storyB.story.id)!;
    expect(story).toMatchObject(shareOf(lemmasOf(B1), lemmasOf(A1)));
    expect(story.knownPercentage).toBeGreaterThan(0);
    expect(chapter.json().knownPercentage).toBe(story.knownPercentage);
    const newLemmas = new Set(
      (chapter.json().newWordIds as string[]).map((id) => {
        const words = transcriptOf(B1).segments.flatMap((segment) => segment.words);
        const word = words.find((w) => w.id === id)!;
        return lookupWord(word.text)!.lemma;
      }),
    );
    expect(newLemmas.size).toBe(story.newWordsCount);
  });

  it('reads the lemmas kept for each chapter, not its transcript, once they are kept', async () => {
    const learner = await signedInUser(t);
    const first = await knowledge(learner);
    const kept = await t.database.db
      .select()
      .from(chapterVocabulary)
      .where(eq(chapterVocabulary.chapterId, storyB.chapters[0]!.id));
    expect(kept).toHaveLength(1);
    // With the transcript gone from storage, the kept lemmas still answer.
    await t.storage.delete('trans', storyB.chapters[0]!.transcriptFileId);
    try {
      expect((await knowledge(learner)).get(storyB.story.id)).toEqual(first.get(storyB.story.id));
    } finally {
      await t.storage.put(
        'trans',
        storyB.chapters[0]!.transcriptFileId,
        Buffer.from(JSON.stringify(transcriptOf(B1))),
        'application/json',
      );
    }
  });

  it('counts again a chapter kept before its words were counted', async () => {
    const learner = await signedInUser(t);
    await complete(learner, storyA.chapters[0]!.id);
    const before = (await knowledge(learner)).get(storyB.story.id)!;
    await t.database.db
      .update(chapterVocabulary)
      .set({ lemmaCounts: null, runningWords: 0, freeWords: 0 })
      .where(eq(chapterVocabulary.chapterId, storyB.chapters[0]!.id));
    expect((await knowledge(learner)).get(storyB.story.id)).toEqual(before);
    const [kept] = await t.database.db
      .select()
      .from(chapterVocabulary)
      .where(eq(chapterVocabulary.chapterId, storyB.chapters[0]!.id));
    expect(kept!.runningWords).toBe(10);
    expect(kept!.lemmaCounts).toHaveLength(kept!.lemmas.length);
  });

  it('answers 401 to a visitor', async () => {
    const res = await call(null, 'GET', '/api/me/story-knowledge');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });
});
