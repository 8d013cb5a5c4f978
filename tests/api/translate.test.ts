import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translationCache, userPreferences } from '#server/db/schema';
import { STORAGE_RETRY_AFTER_SECONDS } from '#server/lib/errors';
import { storyListResponseSchema, type Story } from '#shared/contracts/stories';
import { englishOfWord } from '#shared/lexicon/index';
import { transcriptSchema, type Transcript } from '#shared/transcript';
import { signedInUser } from './helpers/accounts.ts';
import { machineTranscript, storyWithTranscripts } from './helpers/machine-output.ts';
import { startFakeLibreTranslate, type FakeService } from './helpers/fake-translation-services.ts';
import { createTestApp, startSecondInstance, type TestApp } from './helpers/test-app.ts';
import { switchableStorage } from './helpers/unreachable-storage.ts';

let t: TestApp;
let stories: Story[];
let openTranscript: Transcript;

/** A local stand-in for a LibreTranslate server. */
let fake: FakeService;
let withProvider: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.context.services.demoContent.seed();
  stories = storyListResponseSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/api/stories' })).json(),
  ).stories;
  const chapterId = stories[0]!.chapters[0]!.id;
  openTranscript = transcriptSchema.parse(
    (await t.app.inject({ method: 'GET', url: `/api/chapters/${chapterId}/transcript` })).json(),
  );

  fake = await startFakeLibreTranslate();
  withProvider = await createTestApp({ LIBRETRANSLATE_URL: fake.url });
});

afterAll(async () => {
  await t.close();
  await withProvider.close();
  await fake.close();
});

const translate = (app: TestApp, payload: object, cookie?: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/translate',
    payload,
    headers: cookie ? { cookie } : {},
  });

describe('layer 1: the text written into the story', () => {
  it('answers a word with its gloss and a line with its translation', async () => {
    const chapterId = stories[0]!.chapters[0]!.id;
    const segment = openTranscript.segments[0]!;
    const word = segment.words[0]!;
    const wordRes = await translate(t, { text: word.text, chapterId, wordId: word.id });
    expect(wordRes.json()).toEqual({ translation: word.gloss, source: 'story', language: 'en' });
    const lineRes = await translate(t, { text: segment.text, chapterId, segmentId: segment.id });
    expect(lineRes.json()).toEqual({
      translation: segment.translation,
      source: 'story',
      language: 'en',
    });
  });

  it('refuses a visitor the text of a story that needs login', async () => {
    const chapterId = stories[1]!.chapters[0]!.id;
    const res = await translate(t, { text: 'hola', chapterId, segmentId: 's1' });
    expect(res.statusCode).toBe(401);
  });
});

describe("layer 1: the story's machine-made text says so (decision 043)", () => {
  const signedIn = () => signedInUser(t);

  it("answers a machine translation and a machine gloss as 'machine', a person's as 'story'", async () => {
    const { chapters } = await storyWithTranscripts(t, machineTranscript);
    const chapterId = chapters[0]!.id;
    const [approved, proposed] = machineTranscript.segments;
    const { cookie } = await signedIn();
    const ask = async (payload: object) => (await translate(t, payload, cookie)).json();
    expect(await ask({ text: proposed!.text, chapterId, segmentId: proposed!.id })).toEqual({
      translation: 'Raisin the afternoon.',
      source: 'machine',
      language: 'en',
    });
    expect(await ask({ text: 'Pasa', chapterId, wordId: 's2w1' })).toEqual({
      translation: 'raisin',
      source: 'machine',
      language: 'en',
    });
    expect(await ask({ text: approved!.text, chapterId, segmentId: approved!.id })).toEqual({
      translation: 'The house is big.',
      source: 'story',
      language: 'en',
    });
    // A gloss without a source was written by a person, as in the demo library.
    expect(await ask({ text: 'casa', chapterId, wordId: 's1w2' })).toMatchObject({
      translation: 'house',
      source: 'story',
    });
  });

  it("translates a draft's lines in an administrator's preview; a learner's preview still finds nothing", async () => {
    const { chapters } = await storyWithTranscripts(t, machineTranscript, { status: 'draft' });
    const line = { text: 'La casa es grande.', chapterId: chapters[0]!.id, segmentId: 's1' };
    const admin = await signedInUser(t, { role: 'admin' });
    const learner = await signedIn();
    const ask = (cookie: string, query = '') =>
      t.app.inject({
        method: 'POST',
        url: `/api/translate${query}`,
        payload: line,
        headers: { cookie },
      });

    const previewed = await ask(admin.cookie, '?preview=1');
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(previewed.json()).toEqual({
      translation: 'The house is big.',
      source: 'story',
      language: 'en',
    });
    // Without the preview mark an administrator reads what learners read: nothing yet.
    expect((await ask(admin.cookie)).statusCode).toBe(404);
    expect((await ask(learner.cookie, '?preview=1')).statusCode).toBe(404);
    expect((await ask(learner.cookie)).statusCode).toBe(404);
  });
});

describe('while the file storage cannot be reached', () => {
  it('an instance that never read the chapter translates a word from the dictionary, and its transcript answers 503 with Retry-After', async () => {
    const bucket = switchableStorage(t.storage);
    const cold = await startSecondInstance(t, bucket.storage);
    try {
      bucket.setReachable(false);
      const chapterId = stories[0]!.chapters[0]!.id;
      // A word with the story's own gloss, which the dictionary knows too.
      const word = openTranscript.segments
        .flatMap((segment) => segment.words)
        .find((candidate) => candidate.gloss && englishOfWord(candidate.text))!;
      const translated = await cold.app.inject({
        method: 'POST',
        url: '/api/translate',
        payload: { text: word.text, chapterId, wordId: word.id },
      });
      expect(translated.statusCode).toBe(200);
      // Not labelled as the story's own: the story's text could not be read.
      expect(translated.json()).toMatchObject({
        translation: englishOfWord(word.text),
        source: 'dictionary',
      });

      const transcript = await cold.app.inject({
        method: 'GET',
        url: `/api/chapters/${chapterId}/transcript`,
      });
      expect(transcript.statusCode).toBe(503);
      expect(transcript.headers['retry-after']).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
      expect(transcript.json().error).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(transcript.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);

      // The storage is back: the story's own gloss again, with nothing restarted.
      bucket.setReachable(true);
      const again = await cold.app.inject({
        method: 'POST',
        url: '/api/translate',
        payload: { text: word.text, chapterId, wordId: word.id },
      });
      expect(again.json()).toMatchObject({
        translation: word.gloss,
        source: word.glossSource === 'machine' ? 'machine' : 'story',
      });
    } finally {
      await cold.close();
    }
  });
});

describe('layer 2: the built-in dictionary', () => {
  it('glosses a single word, inflected forms included', async () => {
    const res = await translate(t, { text: 'casas' });
    expect(res.json().source).toBe('dictionary');
    expect(res.json().translation).toMatch(/house/);
    const verb = await translate(t, { text: 'tenemos' });
    expect(verb.json().translation).toMatch(/have/);
  });

  it('glosses a phrase word by word and caches it in the database', async () => {
    const res = await translate(t, { text: 'la casa roja' });
    expect(res.json().source).toBe('dictionary');
    expect(res.json().translation).toMatch(/house/);
    const rows = await t.database.db
      .select()
      .from(translationCache)
      .where(eq(translationCache.text, 'la casa roja'));
    expect(rows).toHaveLength(1);
  });
});

describe('translation languages (decision 038)', () => {
  const languages = async (app: TestApp) =>
    (await app.app.inject({ method: 'GET', url: '/api/translate/languages' })).json();
  const setLanguage = (app: TestApp, cookie: string, preferredLanguage: string) =>
    app.app.inject({
      method: 'PATCH',
      url: '/api/me/preferences',
      headers: { cookie },
      payload: { preferredLanguage },
    });

  it('offers only English without a provider, and what a provider serves with one, never Spanish', async () => {
    expect(await languages(t)).toEqual({ languages: ['en'] });
    expect(await languages(withProvider)).toEqual({ languages: ['en', 'fr', 'de'] });
  });

  it('refuses a target that cannot be served, and Spanish for Spanish text', async () => {
    const res = await translate(t, { text: 'hola', targetLanguage: 'fr' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'French translations are not available on this site',
    });
    const spanish = await translate(withProvider, { text: 'hola', targetLanguage: 'es' });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().error.message).toBe(
      'Spanish translations are not available on this site',
    );
  });

  it('refuses to store a preferred language that cannot be served', async () => {
    const user = await signedInUser(t);
    const res = await setLanguage(t, user.cookie, 'de');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('German translations are not available on this site');
    expect((await setLanguage(t, user.cookie, 'es')).statusCode).toBe(400);
    expect((await setLanguage(t, user.cookie, 'en')).statusCode).toBe(200);
    const other = await signedInUser(withProvider);
    expect((await setLanguage(withProvider, other.cookie, 'de')).statusCode).toBe(200);
    expect((await setLanguage(withProvider, other.cookie, 'es')).statusCode).toBe(400);
  });

  it("falls back to the story's English when a stored preference cannot be served", async () => {
    const user = await signedInUser(t);
    // Stored before this rule, or while a provider was configured.
    await t.database.db
      .insert(userPreferences)
      .values({ userId: user.userId, preferredLanguage: 'fr' })
      .onConflictDoUpdate({ target: userPreferences.userId, set: { preferredLanguage: 'fr' } });
    const chapterId = stories[0]!.chapters[0]!.id;
    const segment = openTranscript.segments[0]!;
    const line = await translate(
      t,
      { text: segment.text, chapterId, segmentId: segment.id },
      user.cookie,
    );
    expect(line.statusCode).toBe(200);
    expect(line.json()).toEqual({
      translation: segment.translation,
      source: 'story',
      language: 'en',
    });
    const word = await translate(t, { text: 'casas' }, user.cookie);
    expect(word.json()).toMatchObject({ source: 'dictionary', language: 'en' });
  });

  it("uses the signed-in learner's preferred language when it can be served", async () => {
    const user = await signedInUser(withProvider);
    await setLanguage(withProvider, user.cookie, 'de');
    const res = await translate(withProvider, { text: 'buenas noches' }, user.cookie);
    expect(res.json()).toEqual({
      translation: '[de] buenas noches',
      source: 'api',
      language: 'de',
    });
  });
});

describe('layer 3: a configured provider', () => {
  it('translates sentences through the provider and caches the answer', async () => {
    const before = fake.requests.length;
    const text = 'Lucía compra pan en la pequeña panadería de la plaza cada mañana.';
    const first = await translate(withProvider, { text });
    expect(first.json()).toEqual({ translation: `[en] ${text}`, source: 'api', language: 'en' });
    const second = await translate(withProvider, { text });
    expect(second.json()).toEqual(first.json());
    expect(fake.requests.slice(before).map((request) => request.body.q)).toEqual([text]);
  });

  it('serves other target languages', async () => {
    const res = await translate(withProvider, { text: 'buenos días', targetLanguage: 'fr' });
    expect(res.json()).toEqual({ translation: '[fr] buenos días', source: 'api', language: 'fr' });
  });
});

describe('limits', () => {
  it('sanitises text and refuses what is left empty', async () => {
    const res = await translate(t, { text: '<script>alert(1)</script>   ' });
    expect(res.statusCode).toBe(400);
  });

  it('truncates text to 5,000 characters', async () => {
    const res = await translate(withProvider, { text: 'a '.repeat(4000) });
    expect(res.statusCode).toBe(200);
    expect(res.json().translation.length).toBeLessThanOrEqual(5000 + 5);
  });

  it('refuses unknown fields and languages', async () => {
    expect((await translate(t, { text: 'hola', targetLanguage: 'it' })).statusCode).toBe(400);
    expect((await translate(t, { text: 'hola', extra: 1 })).statusCode).toBe(400);
  });

  it('is rate limited per client', async () => {
    const user = await signedInUser(t);
    let status = 200;
    for (let i = 0; i < 121 && status === 200; i++) {
      status = (await translate(t, { text: 'hola' }, user.cookie)).statusCode;
    }
    expect(status).toBe(429);
  });
});
