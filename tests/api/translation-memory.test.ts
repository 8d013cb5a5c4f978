import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters } from '#server/db/schema';
import { prefillResponseSchema, studioChapterSchema } from '#shared/contracts/studio';
import { untimedWords } from '#shared/studio/plain-text';
import type { Transcript, TranscriptSegment } from '#shared/transcript';
import { signedInUser } from './helpers/accounts.ts';
import { adminRequest, chapterWithRecording } from './helpers/studio.ts';
import { createTestApp, startSecondInstance, type TestApp } from './helpers/test-app.ts';
import { switchableStorage } from './helpers/unreachable-storage.ts';

/**
 * The translation memory and the glosses in context (issue 21, decision 045): what a person
 * approved in one chapter is offered, marked 'memory', where another chapter lacks it; the
 * lexicon's gloss is the sense the sentence's translation shows. No translation service is
 * configured here, so whatever translation a prefill offers comes from the memory.
 */

let t: TestApp;
let call: ReturnType<typeof adminRequest>;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInUser(t, { role: 'admin' })).cookie;
  call = adminRequest(t.app, cookie);
});
afterAll(async () => {
  await t.close();
});

interface Line {
  text: string;
  translation?: string;
  /** Who wrote the translation: absent is a person, as in an uploaded file. */
  translationSource?: 'machine' | 'human';
  /** Each word's gloss in order (undefined: none), all approved. */
  glosses?: (string | undefined)[];
}

/** A transcript of these lines, timed inside the 8 s of the fixture recording. */
function transcriptOf(lines: Line[]): Transcript {
  const length = 7.5 / lines.length;
  const segments = lines.map((line, index): TranscriptSegment => {
    const id = `s${index + 1}`;
    const start = 0.2 + index * length;
    const words = untimedWords(id, line.text).map((word, at, all) => ({
      ...word,
      start: start + (at * (length - 0.2)) / all.length,
      end: start + ((at + 1) * (length - 0.2)) / all.length,
      ...(line.glosses?.[at] ? { gloss: line.glosses[at] } : {}),
    }));
    return {
      id,
      start,
      end: words.at(-1)!.end,
      text: line.text,
      ...(line.translation ? { translation: line.translation } : {}),
      ...(line.translationSource ? { translationSource: line.translationSource } : {}),
      words,
    };
  });
  return { segments };
}

/** A new draft story's chapter (with a recording) holding these lines, saved in the editor. */
async function savedChapter(lines: Line[]): Promise<string> {
  const { chapterId } = await chapterWithRecording(t, cookie, 'paraguas-8s.m4a');
  await save(chapterId, lines);
  return chapterId;
}

async function save(chapterId: string, lines: Line[]) {
  const studio = studioChapterSchema.parse(
    (await call('GET', `/api/admin/chapters/${chapterId}/studio`)).json(),
  );
  const res = await call('PUT', `/api/admin/chapters/${chapterId}/transcript`, {
    transcript: transcriptOf(lines),
    baseVersion: studio.version,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function prefill(lines: Line[]) {
  const { chapterId } = await chapterWithRecording(t, cookie);
  const res = await call('POST', `/api/admin/chapters/${chapterId}/translations/prefill`, {
    transcript: transcriptOf(lines),
  });
  expect(res.statusCode, res.body).toBe(200);
  return prefillResponseSchema.parse(res.json());
}

const translations = (transcript: Transcript) =>
  transcript.segments.map((segment) => [segment.translation, segment.translationOrigin]);

const glossOf = (transcript: Transcript, segment: number, word: string) => {
  const found = transcript.segments[segment]!.words.find((candidate) => candidate.text === word);
  return found && { gloss: found.gloss, glossSource: found.glossSource, origin: found.glossOrigin };
};

describe('translation memory reuse', () => {
  it("offers a sentence approved in another story's chapter, and one differing only in names and numbers, marked memory", async () => {
    await savedChapter([
      { text: 'Marta tiene 3 gatos en casa.', translation: 'Marta has 3 cats at home.' },
      {
        text: 'Marta come pan con Elena.',
        translation: 'Marta eats bread with Elena.',
        translationSource: 'machine',
      },
    ]);

    const { transcript, report } = await prefill([
      { text: 'Marta tiene 3 gatos en casa.' },
      { text: 'Rosa tiene 12 gatos en casa.' },
      { text: 'Marta tiene 3 perros en casa.' },
      { text: 'Marta come pan con Elena.' },
    ]);
    expect(translations(transcript)).toEqual([
      ['Marta has 3 cats at home.', 'memory'],
      ['Rosa has 12 cats at home.', 'memory'],
      // Another word: not the same sentence.
      [undefined, undefined],
      // A machine translation nobody approved is no memory.
      [undefined, undefined],
    ]);
    expect(transcript.segments[0]!.translationSource).toBe('machine');
    expect(report).toMatchObject({ sentencesFromMemory: 2, sentencesMissing: 2 });
  });

  it('offers nothing when a differing name is not written as such in the approved English', async () => {
    await savedChapter([{ text: 'Vivo en Sevilla.', translation: 'I live in Seville.' }]);
    const { transcript } = await prefill([
      { text: 'Vivo en Granada.' },
      { text: 'Vivo en Sevilla.' },
    ]);
    expect(translations(transcript)).toEqual([
      [undefined, undefined],
      ['I live in Seville.', 'memory'],
    ]);
  });

  it('follows the approved chapter: a new save replaces what it offers, a deleted story offers nothing', async () => {
    const chapterId = await savedChapter([
      { text: 'El tren de Julia sale tarde.', translation: "Julia's train leaves late." },
    ]);
    expect(
      translations((await prefill([{ text: 'El tren de Julia sale tarde.' }])).transcript),
    ).toEqual([["Julia's train leaves late.", 'memory']]);

    await save(chapterId, [
      { text: 'El tren de Julia sale tarde.', translation: "Julia's train is leaving late." },
    ]);
    expect(
      translations((await prefill([{ text: 'El tren de Julia sale tarde.' }])).transcript),
    ).toEqual([["Julia's train is leaving late.", 'memory']]);

    const [chapter] = await t.database.db
      .select({ storyId: chapters.storyId })
      .from(chapters)
      .where(eq(chapters.id, chapterId));
    expect((await call('DELETE', `/api/admin/stories/${chapter!.storyId}`)).statusCode).toBe(204);
    expect(
      translations((await prefill([{ text: 'El tren de Julia sale tarde.' }])).transcript),
    ).toEqual([[undefined, undefined]]);
  });

  it('reads content that reached the site another way (the demo library) and serves every instance alike', async () => {
    const site = await createTestApp();
    const second = await startSecondInstance(site);
    try {
      await site.app.context.services.demoContent.seed();
      const owner = await signedInUser(site, { role: 'admin' });
      const { chapterId } = await chapterWithRecording(site, owner.cookie);
      const res = await adminRequest(second.app, owner.cookie)(
        'POST',
        `/api/admin/chapters/${chapterId}/translations/prefill`,
        {
          transcript: transcriptOf([
            { text: 'Es lunes y llueve mucho.' },
            { text: 'Es martes y llueve mucho.' },
          ]),
        },
      );
      expect(res.statusCode, res.body).toBe(200);
      // The second sentence differs by a word (martes is no name): not offered.
      expect(translations(prefillResponseSchema.parse(res.json()).transcript)).toEqual([
        ['It is Monday and it is raining hard.', 'memory'],
        [undefined, undefined],
      ]);
    } finally {
      await second.close();
      await site.close();
    }
  });
});

describe('translation memory while the storage cannot be reached', () => {
  it('leaves the chapters it could not read for later rather than recording them as empty, and the editor refuses to open empty', async () => {
    const site = await createTestApp();
    const bucket = switchableStorage(site.storage);
    const cut = await startSecondInstance(site, bucket.storage);
    try {
      await site.app.context.services.demoContent.seed();
      const owner = await signedInUser(site, { role: 'admin' });
      const { chapterId } = await chapterWithRecording(site, owner.cookie);
      const lines = { transcript: transcriptOf([{ text: 'Es lunes y llueve mucho.' }]) };
      const prefillOn = (app: typeof cut.app) =>
        adminRequest(app, owner.cookie)(
          'POST',
          `/api/admin/chapters/${chapterId}/translations/prefill`,
          lines,
        );
      bucket.setReachable(false);
      // The editor of a chapter whose text cannot be read says so (503, try again) rather than
      // opening empty, inviting a person to write over the chapter.
      const { stories } = (
        await site.app.inject({ method: 'GET', url: '/api/stories' })
      ).json() as {
        stories: Array<{ chapters: Array<{ id: string }> }>;
      };
      const editor = await adminRequest(cut.app, owner.cookie)(
        'GET',
        `/api/admin/chapters/${stories[0]!.chapters[0]!.id}/studio`,
      );
      expect(editor.statusCode).toBe(503);
      expect(editor.headers['retry-after']).toBe('5');
      const blind = await prefillOn(cut.app);
      expect(blind.statusCode, blind.body).toBe(200);
      expect(translations(prefillResponseSchema.parse(blind.json()).transcript)).toEqual([
        [undefined, undefined],
      ]);

      // Reachable again: the demo chapters are read now, and their approved sentence is offered.
      bucket.setReachable(true);
      const res = await prefillOn(cut.app);
      expect(translations(prefillResponseSchema.parse(res.json()).transcript)).toEqual([
        ['It is Monday and it is raining hard.', 'memory'],
      ]);
    } finally {
      await cut.close();
      await site.close();
    }
  });
});

describe('gloss memory', () => {
  it('offers the most used approved gloss of the same word form, names only when one was approved, and a lemma’s approved sense', async () => {
    await savedChapter([
      {
        text: 'Tomás abre la ventana.',
        translation: 'Tomás opens the window.',
        glosses: ['Tomás (name)', 'opens', 'the', 'window'],
      },
      { text: 'La ventana está abierta.', glosses: ['the', 'window', 'is', 'open'] },
      { text: 'Mira por la ventana.', glosses: ['look', 'through', 'the', 'pane'] },
      { text: 'Tomás tocaba la guitarra.', glosses: [undefined, 'was playing', 'the', 'guitar'] },
    ]);
    const { transcript } = await prefill([
      { text: 'Tomás y Nuria cierran 2 ventanas y la ventana.' },
      { text: 'Nuria toca.' },
    ]);
    expect(glossOf(transcript, 0, 'ventana')).toEqual({
      gloss: 'window',
      glossSource: 'machine',
      origin: 'memory',
    });
    expect(glossOf(transcript, 0, 'Tomás')).toEqual({
      gloss: 'Tomás (name)',
      glossSource: 'machine',
      origin: 'memory',
    });
    // A name and a number nobody glossed need no gloss; the lexicon does not guess one.
    expect(glossOf(transcript, 0, 'Nuria')?.gloss).toBeUndefined();
    expect(glossOf(transcript, 0, '2')?.gloss).toBeUndefined();
    // Without an approved gloss of the form, the lexicon's.
    expect(glossOf(transcript, 0, 'cierran')).toEqual({
      gloss: 'to close',
      glossSource: 'machine',
      origin: 'lexicon',
    });
    // The lexicon's sense that a gloss approved for another form of the lemma shows: tocar is
    // "to touch" first, but "tocaba" was approved as "was playing".
    expect(glossOf(transcript, 1, 'toca')).toEqual({
      gloss: 'to play (music)',
      glossSource: 'machine',
      origin: 'lexicon',
    });
  });
});

describe('gloss in context', () => {
  it("chooses the lexicon's sense the sentence's translation shows: ¿Qué pasa? is 'what is happening', not 'raisin'", async () => {
    const { transcript } = await prefill([
      { text: '¿Qué pasa?', translation: 'What is happening?' },
      { text: 'Una pasa.' },
    ]);
    expect(glossOf(transcript, 0, 'pasa')).toEqual({
      gloss: 'to happen',
      glossSource: 'machine',
      origin: 'lexicon',
    });
    // Without a translation, the likeliest reading stays.
    expect(glossOf(transcript, 1, 'pasa')?.gloss).toBe('raisin');
  });
});
