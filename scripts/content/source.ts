/**
 * Hand-written story sources: `content/stories/<slug>/story.json` (+ `cover.svg`).
 * This module defines their format, loads them and checks that every sentence's word list matches
 * the words of its text, so a typo in the source fails the build instead of shipping bad timings.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { COMPREHENSION_LIMITS, comprehensionMessages } from '#shared/contracts/comprehension';
import { storyLevelSchema } from '#shared/contracts/stories';
import { packageQuestionSchema, questionFromPackage } from '#shared/contracts/story-packages';
import { tokenizeWords, type WordToken } from '#shared/studio/words';

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const sourceWordSchema = z
  .object({
    /** The word exactly as written in the sentence (accents kept, punctuation dropped). */
    text: z.string().min(1),
    /** English meaning in this context: 1–4 words. */
    gloss: z
      .string()
      .min(1)
      .refine((g) => g.trim().split(/\s+/).length <= 4, 'a gloss has at most 4 English words'),
  })
  .strict();

export const sourceSentenceSchema = z
  .object({
    text: z.string().min(1),
    translation: z.string().min(1),
    words: z.array(sourceWordSchema).min(1),
  })
  .strict();

export const sourceChapterSchema = z
  .object({
    title: z.string().min(1),
    sentences: z.array(sourceSentenceSchema).min(1),
    /** Comprehension questions (decision 069), in the package format; `line` is a sentence's number. */
    questions: z
      .array(packageQuestionSchema)
      .max(COMPREHENSION_LIMITS.questions, comprehensionMessages.tooManyQuestions)
      .default([]),
  })
  .strict();

export const sourceStorySchema = z
  .object({
    slug: z.string().regex(slugPattern),
    title: z.string().min(1),
    description: z.string().min(1),
    level: storyLevelSchema,
    language: z.literal('Spanish'),
    position: z.number().int().positive(),
    requires_login: z.boolean(),
    new_words_count: z.number().int().nonnegative(),
    chapters: z.array(sourceChapterSchema).min(1),
  })
  .strict();

export type SourceWord = z.infer<typeof sourceWordSchema>;
export type SourceSentence = z.infer<typeof sourceSentenceSchema>;
export type SourceChapter = z.infer<typeof sourceChapterSchema>;
export type SourceStory = z.infer<typeof sourceStorySchema>;

/** Throws with a precise location when a sentence's `words` differ from the words of its text. */
export function checkSentenceWords(sentence: SourceSentence, where: string): WordToken[] {
  // The word rule is the product's own, shared with the content studio.
  const tokens = tokenizeWords(sentence.text);
  const listed = sentence.words.map((w) => w.text);
  const actual = tokens.map((t) => t.text);
  const n = Math.max(listed.length, actual.length);
  for (let i = 0; i < n; i++) {
    if (listed[i] !== actual[i]) {
      throw new Error(
        `${where}: word ${i + 1} is ${JSON.stringify(listed[i])} in "words" but ` +
          `${JSON.stringify(actual[i])} in the text ${JSON.stringify(sentence.text)}`,
      );
    }
  }
  return tokens;
}

/** Throws when a question names a sentence the chapter does not have. */
export function checkQuestionLines(chapter: SourceChapter, where: string): void {
  chapter.questions.forEach((question, q) => {
    if (question.line !== undefined && question.line > chapter.sentences.length) {
      const count = chapter.sentences.length;
      throw new Error(
        `${where} question ${q + 1}: line ${question.line}, but the chapter has ` +
          `${count} ${count === 1 ? 'sentence' : 'sentences'}`,
      );
    }
  });
}

/** A chapter's questions as the library keeps them: lines named by their transcript ids. */
export const questionsOf = (chapter: SourceChapter, segments: readonly { id: string }[]) => {
  const lineIds = segments.map((segment) => segment.id);
  return chapter.questions.map((question) => questionFromPackage(question, lineIds));
};

export interface LoadedStory {
  story: SourceStory;
  dir: string;
  coverSvgPath: string;
}

/** Loads and checks every `content/stories/<slug>/story.json`, ordered by position. */
export async function loadStories(storiesDir: string): Promise<LoadedStory[]> {
  const entries = await readdir(storiesDir, { withFileTypes: true });
  const loaded: LoadedStory[] = [];
  for (const entry of entries
    .filter((e) => e.isDirectory())
    .sort((a, b) => a.name.localeCompare(b.name))) {
    const dir = path.join(storiesDir, entry.name);
    const file = path.join(dir, 'story.json');
    const parsed = sourceStorySchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (!parsed.success) {
      throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
    }
    const story = parsed.data;
    if (story.slug !== entry.name) {
      throw new Error(`${file}: slug "${story.slug}" must equal its folder name "${entry.name}"`);
    }
    story.chapters.forEach((chapter, c) => {
      chapter.sentences.forEach((sentence, s) =>
        checkSentenceWords(sentence, `${story.slug} chapter ${c + 1} sentence ${s + 1}`),
      );
      checkQuestionLines(chapter, `${story.slug} chapter ${c + 1}`);
    });
    loaded.push({ story, dir, coverSvgPath: path.join(dir, 'cover.svg') });
  }
  loaded.sort((a, b) => a.story.position - b.story.position);
  const positions = loaded.map((l) => l.story.position);
  if (new Set(positions).size !== positions.length) {
    throw new Error(`story positions must be unique, got ${positions.join(', ')}`);
  }
  return loaded;
}
