import { mkdtemp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lookupWord } from '#shared/lexicon/index';
import { checkSentenceWords } from '../source.ts';
import { chapterText, loadStudioStories, type RecordingPlan } from './plan.ts';

const sentence = (text: string) => ({
  text,
  translation: 'A translation.',
  words: text.match(/\p{L}+/gu)!.map((word) => ({ text: word, gloss: 'gloss' })),
});

const story = (sentences: string[]) => ({
  slug: 'una-prueba',
  title: 'Una prueba',
  description: 'A test story.',
  level: 'Beginner',
  language: 'Spanish',
  position: 7,
  requires_login: true,
  new_words_count: 3,
  chapters: [{ title: 'Uno', sentences: sentences.map(sentence) }],
});

const plan = (chapter: RecordingPlan['chapters'][number]): RecordingPlan => ({
  voice: 'es-419',
  speed: 120,
  pitch: 50,
  format: 'm4a',
  intro: { bpm: 120, steps: ['C5/1'] },
  chapters: [chapter],
});

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = undefined;
});

async function folderWith(storyJson: unknown, planJson: unknown): Promise<string> {
  root = await mkdtemp(path.join(os.tmpdir(), 'studio-stories-'));
  const dir = path.join(root, 'una-prueba');
  await mkdir(dir);
  await writeFile(path.join(dir, 'story.json'), JSON.stringify(storyJson));
  await writeFile(path.join(dir, 'recording.json'), JSON.stringify(planJson));
  return root;
}

describe('chapterText', () => {
  it('puts each paragraph on its own line, its sentences joined by a space', () => {
    expect(chapterText(['Hola.', '—¿Qué tal?', 'Bien.'], [1, 2])).toBe('Hola.\n—¿Qué tal? Bien.\n');
  });
});

describe('loadStudioStories', () => {
  it('loads a story whose pasted text splits into its own sentences', async () => {
    const sentences = ['Hola, Ana.', '—¿Qué tal? —pregunta Luis.', 'Bien.'];
    const loaded = await loadStudioStories(
      await folderWith(story(sentences), plan({ paragraphs: [1, 2], said: [] })),
    );
    expect(loaded.map(({ story: { slug } }) => slug)).toEqual(['una-prueba']);
  });

  it('refuses paragraphs that do not hold the chapter’s sentences', async () => {
    const dir = await folderWith(story(['Hola.', 'Adiós.']), plan({ paragraphs: [1], said: [] }));
    await expect(loadStudioStories(dir)).rejects.toThrow('paragraphs hold 1 sentences, not 2');
  });

  it('refuses a text the studio would split into other sentences', async () => {
    // A lowercase word after a period does not start a sentence: the studio would see one.
    const dir = await folderWith(story(['Hola.', 'adiós.']), plan({ paragraphs: [2], said: [] }));
    await expect(loadStudioStories(dir)).rejects.toThrow(
      'the pasted text splits into "Hola. adiós." where the story has "Hola."',
    );
  });

  it('refuses a said sentence that is not there or says the same', async () => {
    const text = ['Hola.', 'Adiós.'];
    const missing = plan({
      paragraphs: [2],
      said: [{ sentence: 3, said: 'Ya.', why: 'departure' }],
    });
    await expect(loadStudioStories(await folderWith(story(text), missing))).rejects.toThrow(
      'sentence 3 does not exist',
    );
    const same = plan({
      paragraphs: [2],
      said: [{ sentence: 2, said: 'Adiós.', why: 'departure' }],
    });
    await expect(loadStudioStories(await folderWith(story(text), same))).rejects.toThrow(
      'sentence 2 is said as written',
    );
  });
});

describe('the committed studio stories', () => {
  it('fit their recording plans, and their recordings and texts are up to date', async () => {
    const stories = await loadStudioStories();
    expect(stories.map(({ story: { slug, level } }) => [slug, level])).toEqual([
      ['nunca-es-tarde', 'Beginner'],
      ['la-voz-de-la-montana', 'Intermediate'],
    ]);
    for (const { dir, story: studioStory, plan: recording } of stories) {
      for (const [c, chapter] of studioStory.chapters.entries()) {
        const recordings = path.join(dir, 'recordings');
        const pasted = await readFile(path.join(recordings, `chapter-${c + 1}.txt`), 'utf8');
        expect(pasted).toBe(
          chapterText(
            chapter.sentences.map((s) => s.text),
            recording.chapters[c]!.paragraphs,
          ),
        );
        const audio = await stat(path.join(recordings, `chapter-${c + 1}.${recording.format}`));
        expect(audio.size).toBeGreaterThan(100_000);
      }
    }
  });

  it('list every word of each sentence, and every word but names and numbers is a common word', async () => {
    const uncommon: string[] = [];
    for (const { story: studioStory } of await loadStudioStories()) {
      studioStory.chapters.forEach((chapter, c) =>
        chapter.sentences.forEach((sentence, s) => {
          checkSentenceWords(sentence, `${studioStory.slug} chapter ${c + 1} sentence ${s + 1}`);
          for (const word of sentence.words) {
            const exempt = /\((name|surname)\)$/.test(word.gloss) || /\p{N}/u.test(word.text);
            if (!exempt && lookupWord(word.text) === null) uncommon.push(word.text);
          }
        }),
      );
    }
    expect(uncommon).toEqual([]);
  });
});
