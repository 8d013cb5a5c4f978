import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewQueue } from '#shared/contracts/review';
import type { SavedItem } from '#shared/contracts/saved-items';
import type { Transcript } from '#shared/transcript';
import { signedInUser } from './helpers/accounts.ts';
import { insertChapterWithTranscript, insertStory } from './helpers/fixtures.ts';
import { machineTranscript, storyWithTranscripts } from './helpers/machine-output.ts';
import { startFakeLibreTranslate, type FakeService } from './helpers/fake-translation-services.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInUser>>;
let bob: Awaited<ReturnType<typeof signedInUser>>;
let chapterId: string;
let storyTitle: string;

const transcript: Transcript = {
  segments: [
    {
      id: 's1',
      start: 0,
      end: 2.5,
      text: 'La casa es grande.',
      translation: 'The house is big.',
      words: [
        { id: 'w1', text: 'La', start: 0, end: 0.3 },
        { id: 'w2', text: 'casa', start: 0.3, end: 0.9, gloss: 'home' },
        { id: 'w3', text: 'es', start: 0.9, end: 1.2 },
        { id: 'w4', text: 'grande.', start: 1.2, end: 2.5 },
      ],
    },
    {
      id: 's2',
      start: 2.5,
      end: 6,
      text: 'El perro duerme.',
      words: [
        { id: 'w5', text: 'El', start: 2.5, end: 2.8 },
        { id: 'w6', text: 'perro', start: 2.8, end: 3.4 },
        { id: 'w7', text: 'duerme.', start: 3.4, end: 6 },
      ],
    },
    {
      id: 's3',
      start: 6,
      end: 8,
      text: 'Cuesta 15.000 euros.',
      words: [
        { id: 'w8', text: 'Cuesta', start: 6, end: 6.5 },
        { id: 'w9', text: '15.000', start: 6.5, end: 7.4 },
        { id: 'w10', text: 'euros', start: 7.4, end: 8 },
      ],
    },
  ],
};

async function storyWithTranscript(overrides: Parameters<typeof insertStory>[1] = {}) {
  const { story, chapters } = await insertStory(t.database.db, overrides, 1);
  const chapter = chapters[0]!;
  await t.storage.put(
    'trans',
    chapter.transcriptFileId,
    Buffer.from(JSON.stringify(transcript)),
    'application/json',
  );
  return { story, chapter };
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInUser(t);
  bob = await signedInUser(t);
  const { story, chapter } = await storyWithTranscript();
  chapterId = chapter.id;
  storyTitle = story.title;
});
afterAll(async () => {
  await t.close();
});

const call = (
  user: { cookie: string } | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} });

const save = (user: { cookie: string } | null, body: object) =>
  call(user, 'POST', '/api/me/saved-items', body);
const list = async (user: { cookie: string }, query = '') =>
  (await call(user, 'GET', `/api/me/saved-items${query}`)).json() as {
    items: SavedItem[];
    nextCursor: string | null;
    total: number;
  };

describe('saved items', () => {
  it('saves a word with its sentence, translation, gloss and time range from the transcript', async () => {
    const res = await save(alice, { kind: 'word', chapterId, segmentId: 's1', wordId: 'w2' });
    expect(res.statusCode).toBe(201);
    expect(res.json().item).toMatchObject({
      kind: 'word',
      text: 'casa',
      sentence: 'La casa es grande.',
      sentenceTranslation: 'The house is big.',
      // Written by a person (no source): not marked.
      sentenceTranslationByMachine: false,
      gloss: 'home',
      glossByMachine: false,
      translationLanguage: 'en',
      chapterId,
      chapterTitle: 'Chapter 1',
      storyTitle,
      segmentId: 's1',
      wordId: 'w2',
      startSeconds: 0,
      endSeconds: 2.5,
      audioUrl: `/api/chapters/${chapterId}/audio`,
      review: null,
    });
  });

  it('saves a sentence; the same line saved again answers the item saved before (200)', async () => {
    const first = await save(alice, { kind: 'sentence', chapterId, segmentId: 's2' });
    expect(first.statusCode).toBe(201);
    expect(first.json().item).toMatchObject({
      kind: 'sentence',
      text: 'El perro duerme.',
      sentence: 'El perro duerme.',
      wordId: null,
      gloss: null,
      startSeconds: 2.5,
      endSeconds: 6,
    });
    const again = await save(alice, { kind: 'sentence', chapterId, segmentId: 's2' });
    expect(again.statusCode).toBe(200);
    expect(again.json().item.id).toBe(first.json().item.id);
    const sentences = (await list(alice)).items.filter((item) => item.segmentId === 's2');
    expect(sentences).toHaveLength(1);
  });

  it("keeps the word's text without the punctuation around it and glosses it from the lexicon", async () => {
    const res = await save(alice, { kind: 'word', chapterId, segmentId: 's1', wordId: 'w4' });
    expect(res.json().item).toMatchObject({
      text: 'grande',
      gloss: expect.any(String),
      // The lexicon's headword is no person's gloss for this line (decision 043).
      glossByMachine: true,
    });
    expect(res.json().item.gloss).not.toBe('');
  });

  it("keeps the story's machine-made translation and gloss marked as machine (decision 043)", async () => {
    const { chapters } = await storyWithTranscripts(t, machineTranscript);
    const dana = await signedInUser(t);
    const word = await save(dana, {
      kind: 'word',
      chapterId: chapters[0]!.id,
      segmentId: 's2',
      wordId: 's2w1',
    });
    expect(word.statusCode, word.body).toBe(201);
    expect(word.json().item).toMatchObject({
      text: 'Pasa',
      gloss: 'raisin',
      glossByMachine: true,
      sentenceTranslation: 'Raisin the afternoon.',
      sentenceTranslationByMachine: true,
    });
    const approved = await save(dana, {
      kind: 'sentence',
      chapterId: chapters[0]!.id,
      segmentId: 's1',
    });
    expect(approved.json().item).toMatchObject({
      sentenceTranslation: 'The house is big.',
      sentenceTranslationByMachine: false,
      glossByMachine: false,
    });
    // The marks are kept with the item: the list says the same.
    const listed = (await list(dana)).items.find((item) => item.wordId === 's2w1');
    expect(listed).toMatchObject({ glossByMachine: true, sentenceTranslationByMachine: true });
  });

  it('glosses a number with its English form (issue 21)', async () => {
    const carol = await signedInUser(t);
    const res = await save(carol, { kind: 'word', chapterId, segmentId: 's3', wordId: 'w9' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().item).toMatchObject({ text: '15.000', gloss: '15,000' });
  });

  it('never stores text from the client: unknown fields are refused', async () => {
    const res = await save(alice, {
      kind: 'sentence',
      chapterId,
      segmentId: 's1',
      text: 'Something else',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('refuses malformed saves in the common error shape', async () => {
    const cases = [
      { kind: 'word', chapterId, segmentId: 's1' },
      { kind: 'sentence', chapterId, segmentId: 's1', wordId: 'w1' },
      { kind: 'phrase', chapterId, segmentId: 's1' },
      { kind: 'sentence', chapterId: 'not-a-uuid', segmentId: 's1' },
      { kind: 'sentence', chapterId, segmentId: '' },
    ];
    for (const body of cases) {
      const res = await save(alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({
        error: expect.objectContaining({ code: 'VALIDATION_ERROR', message: expect.any(String) }),
      });
    }
  });

  it('answers 404 for a line or word that is not in the chapter', async () => {
    const line = await save(alice, { kind: 'sentence', chapterId, segmentId: 's9' });
    expect(line.statusCode).toBe(404);
    expect(line.json().error.message).toBe('That line is not in this chapter');
    const word = await save(alice, { kind: 'word', chapterId, segmentId: 's2', wordId: 'w1' });
    expect(word.statusCode).toBe(404);
  });

  it('saves nothing from a chapter learners cannot read (draft story) and needs a sign-in', async () => {
    const draft = await storyWithTranscript({ status: 'draft', publishedAt: null });
    const res = await save(alice, {
      kind: 'sentence',
      chapterId: draft.chapter.id,
      segmentId: 's1',
    });
    expect(res.statusCode).toBe(404);
    expect((await save(null, { kind: 'sentence', chapterId, segmentId: 's1' })).statusCode).toBe(
      401,
    );
    expect((await call(null, 'GET', '/api/me/saved-items')).statusCode).toBe(401);
  });

  it('saves from a chapter that needs an account for a signed-in learner', async () => {
    const members = await storyWithTranscript({ requiresLogin: true });
    const res = await save(bob, {
      kind: 'sentence',
      chapterId: members.chapter.id,
      segmentId: 's1',
    });
    expect(res.statusCode).toBe(201);
    await call(bob, 'DELETE', `/api/me/saved-items/${res.json().item.id}`);
  });

  it('searches text, sentence, translation and gloss, case-insensitively', async () => {
    const byGloss = await list(alice, '?q=HOME');
    expect(byGloss.items.map((item) => item.text)).toEqual(['casa']);
    expect(byGloss.total).toBe(1);
    // A word is found by its sentence too: both words of the first line.
    const byText = await list(alice, '?q=Grand');
    expect(byText.items.map((item) => item.text).sort()).toEqual(['casa', 'grande']);
    const bySentence = await list(alice, `?q=${encodeURIComponent('perro')}`);
    expect(bySentence.items.map((item) => item.kind)).toEqual(['sentence']);
    const byTranslation = await list(alice, '?q=big');
    expect(byTranslation.items.map((item) => item.text).sort()).toEqual(['casa', 'grande']);
    expect((await list(alice, '?q=100%25')).items).toEqual([]);
    expect((await list(alice, `?chapterId=${chapterId}`)).total).toBe(3);
  });

  it('pages newest first with a cursor', async () => {
    const first = await list(alice, '?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(3);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(alice, `?limit=2&before=${first.nextCursor}`);
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((item) => item.id)).size).toBe(3);
    expect(all.map((item) => item.text)).toEqual(['grande', 'El perro duerme.', 'casa']);
    const bad = await call(alice, 'GET', '/api/me/saved-items?before=nonsense');
    expect(bad.statusCode).toBe(400);
    expect((await call(alice, 'GET', '/api/me/saved-items?limit=0')).statusCode).toBe(400);
  });

  it('pages items saved within the same millisecond without skipping any', async () => {
    const quick = await signedInUser(t);
    for (const segmentId of ['s1', 's2']) {
      await save(quick, { kind: 'sentence', chapterId, segmentId });
    }
    await save(quick, { kind: 'word', chapterId, segmentId: 's1', wordId: 'w2' });
    // PostgreSQL keeps microseconds: three saves 100 µs apart, all in one millisecond.
    await t.database.db.execute(sql`
      update saved_items set created_at = timestamptz '2026-01-01 00:00:00.000100+00'
        + (row_number * interval '100 microseconds')
      from (select id as row_id, row_number() over (order by created_at) as row_number
            from saved_items where user_id = ${quick.userId}) as numbered
      where saved_items.id = numbered.row_id`);
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await list(quick, `?limit=1${cursor ? `&before=${cursor}` : ''}`);
      seen.push(...page.items.map((item) => item.text));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(['casa', 'El perro duerme.', 'La casa es grande.']);
  });

  it("never lists, finds or deletes another learner's items", async () => {
    expect((await list(bob)).items).toEqual([]);
    const mine = (await list(alice)).items[0]!;
    // Nothing of Alice's is touched, and the answer says nothing about whether it exists.
    const theirs = await call(bob, 'DELETE', `/api/me/saved-items/${mine.id}`);
    expect(theirs.statusCode).toBe(204);
    expect((await list(alice)).items.map((item) => item.id)).toContain(mine.id);
    // Bob saving the same word gets an item of his own.
    const his = await save(bob, { kind: 'word', chapterId, segmentId: 's1', wordId: 'w2' });
    expect(his.statusCode).toBe(201);
    expect(his.json().item.id).not.toBe(
      (await list(alice, '?q=casa')).items.find((item) => item.wordId === 'w2')!.id,
    );
  });

  it('limits saves per account (429 in the common error shape)', async () => {
    const busy = await signedInUser(t);
    const body = { kind: 'sentence', chapterId, segmentId: 's1' };
    for (let attempt = 0; attempt < 120; attempt += 1) {
      expect((await save(busy, body)).statusCode).toBeLessThan(300);
    }
    const refused = await save(busy, body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many saves at once. Please wait a moment.',
    });
    // Another learner is not affected.
    expect((await save(bob, body)).statusCode).toBeLessThan(300);
  });

  it('deletes your own item (204); deleting it again, as an offline queue may, is 204 too', async () => {
    const item = (await list(alice, '?q=grande')).items.find((i) => i.wordId === 'w4')!;
    expect((await call(alice, 'DELETE', `/api/me/saved-items/${item.id}`)).statusCode).toBe(204);
    expect((await call(alice, 'DELETE', `/api/me/saved-items/${item.id}`)).statusCode).toBe(204);
    expect((await list(alice)).items.map((i) => i.id)).not.toContain(item.id);
    expect((await call(alice, 'DELETE', '/api/me/saved-items/not-a-uuid')).statusCode).toBe(400);
  });
});

/** Issue 23: a word glossed by no one, translated on demand, keeps that meaning when saved. */
describe('saved items, a word translated by a service', () => {
  let served: TestApp;
  let libre: FakeService;
  let learner: Awaited<ReturnType<typeof signedInUser>>;
  let chapter: string;
  // Words neither the story nor the built-in lexicon gloss.
  const unglossed: Transcript = {
    segments: [
      {
        id: 's1',
        start: 0,
        end: 3,
        text: 'Recoge zarzamoras, arándanos y buhardillas.',
        translation: 'She picks blackberries, blueberries and attics.',
        words: [
          { id: 'w1', text: 'Recoge', start: 0, end: 0.8 },
          { id: 'w2', text: 'zarzamoras,', start: 0.8, end: 1.6 },
          { id: 'w3', text: 'arándanos', start: 1.6, end: 2.2 },
          { id: 'w4', text: 'y', start: 2.2, end: 2.4 },
          { id: 'w5', text: 'buhardillas.', start: 2.4, end: 3 },
        ],
      },
    ],
  };

  beforeAll(async () => {
    libre = await startFakeLibreTranslate();
    served = await createTestApp({ LIBRETRANSLATE_URL: libre.url });
    learner = await signedInUser(served);
    chapter = await insertChapterWithTranscript(served, unglossed);
  });
  afterAll(async () => {
    await served.close();
    await libre.close();
  });

  const ask = (url: string, method: 'GET' | 'POST', payload?: object) =>
    served.app.inject({ method, url, payload, headers: { cookie: learner.cookie } });
  const saveWord = (wordId: string) =>
    ask('/api/me/saved-items', 'POST', {
      kind: 'word',
      chapterId: chapter,
      segmentId: 's1',
      wordId,
    });

  it('saves the word with the translation its popup showed, marked as machine-made', async () => {
    // What the word's popup asks (translation-requests.ts): the word as written, in its line.
    const shown = await ask('/api/translate', 'POST', {
      text: 'zarzamoras,',
      chapterId: chapter,
      segmentId: 's1',
      wordId: 'w2',
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ translation: '[en] zarzamoras,', source: 'api' });
    const asked = libre.requests.length;

    const saved = await saveWord('w2');
    expect(saved.statusCode).toBe(201);
    expect(saved.json().item).toMatchObject({
      text: 'zarzamoras',
      gloss: '[en] zarzamoras,',
      glossByMachine: true,
      sentenceTranslation: 'She picks blackberries, blueberries and attics.',
    });
    // The answer the popup showed, found again: the service was not asked a second time.
    expect(libre.requests).toHaveLength(asked);

    // Its review card carries that meaning.
    const queue = (await ask('/api/me/review/queue', 'GET')).json() as ReviewQueue;
    const card = queue.cards.find((candidate) => candidate.id === saved.json().item.id);
    expect(card).toMatchObject({ gloss: '[en] zarzamoras,', glossByMachine: true });
  });

  it("asks the service when no popup did, and saves the word without a meaning when it can't answer", async () => {
    const saved = await saveWord('w3');
    expect(saved.statusCode).toBe(201);
    expect(saved.json().item).toMatchObject({ gloss: '[en] arándanos', glossByMachine: true });
    // The lexicon still comes before any service.
    expect((await saveWord('w1')).json().item.gloss).toBe('to pick up, collect, tidy up');

    libre.behave({ status: 500 });
    try {
      const unanswered = await saveWord('w5');
      expect(unanswered.statusCode).toBe(201);
      expect(unanswered.json().item).toMatchObject({
        text: 'buhardillas',
        gloss: null,
        glossByMachine: false,
      });
    } finally {
      libre.behave('answer');
    }
  });
});
