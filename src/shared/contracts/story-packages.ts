import { z } from 'zod';
import { jobSchema } from './jobs.ts';
import { adminStorySchema } from './admin-stories.ts';
import {
  chapterQuestionSchema,
  COMPREHENSION_LIMITS,
  comprehensionMessages,
  optionKey,
  type ChapterQuestion,
} from './comprehension.ts';
import { storyLevelSchema } from './stories.ts';
import { proposalOrigins, textSources } from '../transcript.ts';

/**
 * Story packages (decision 021, docs/content.md): a whole story as the demo library keeps it,
 * `story.json` (texts, translations, glosses, metadata), its cover and per chapter its audio and,
 * when it has timings, its transcript. Routes: src/server/modules/story-packages.
 *
 *   GET  /api/admin/stories/:id/export   → application/zip, `<slug>/…` (the working copy)
 *   POST /api/admin/stories/import       multipart `file` (.zip) → 201 (a new draft) or 200 (the
 *        story of the same slug updated) { story, created, alignmentJobs }. The whole package is
 *        checked before anything is stored; chapters with audio but no timings are aligned in
 *        background jobs (`alignmentJobs`).
 *   npm run content:import -- <dir or zip>  the same import from the command line
 *
 * Files of a package (at its root or inside one folder):
 *
 *   story.json                    storyPackageSchema
 *   cover.webp|jpg|jpeg|png       the cover (optional)
 *   chapter-<n>.m4a|mp3|wav       chapter n's audio (n from 1, in story.json's order; optional)
 *   chapter-<n>.json              chapter n's timed transcript (src/shared/transcript.ts; optional)
 */

/** A whole package, compressed; each file inside has the limit of its kind of upload. */
export const STORY_PACKAGE_MAX_BYTES = 300 * 1024 * 1024;
export const STORY_PACKAGE_FILE = 'story.json';
export const STORY_PACKAGE_MAX_CHAPTERS = 500;

/** What the import screen takes before sending: a .zip (by the type browsers give it). */
export const storyPackageUploadRule = {
  types: ['application/zip', 'application/x-zip-compressed', 'application/x-zip'],
  extensions: ['zip'],
  maxBytes: STORY_PACKAGE_MAX_BYTES,
  typeRefused: () => 'Choose a story package: a .zip file.',
} as const;

export const packageCoverExtensions = ['webp', 'jpg', 'jpeg', 'png'] as const;
export const packageAudioExtensions = ['m4a', 'mp3', 'wav'] as const;

/** `chapter-<n>.<ext>`: n as written (1-based), and the extension. */
export const PACKAGE_CHAPTER_FILE = /^chapter-([1-9][0-9]{0,3})\.([a-z0-9]+)$/;
export const PACKAGE_COVER_FILE = /^cover\.([a-z0-9]+)$/;

export const chapterAudioFileName = (number: number, extension: string) =>
  `chapter-${number}.${extension}`;
export const chapterTranscriptFileName = (number: number) => `chapter-${number}.json`;
export const coverFileName = (extension: string) => `cover.${extension}`;

/** PostgreSQL text cannot hold NUL: refused in a package as in the wizard. */
const text = z
  .string()
  .refine((value) => !value.includes('\0'), 'Text may not contain NUL characters');

/**
 * Who wrote a translation or gloss (decision 043): `machine` while no person has reviewed it,
 * `human` once a person wrote or approved it; left out, a person wrote it (the demo library's
 * sources). `…_origin` says which machine proposed it, and goes only with `machine`.
 */
const sourceSchema = z.enum(textSources).optional();
const originSchema = z.enum(proposalOrigins).optional();
const originOnlyForMachine = (source: string | undefined, origin: string | undefined) =>
  origin === undefined || source === 'machine';

export const packageWordSchema = z
  .object({
    /** The word exactly as written in the sentence. */
    text: text.pipe(z.string().min(1)),
    /** Its English meaning in this context. */
    gloss: text.optional(),
    gloss_source: sourceSchema,
    gloss_origin: originSchema,
  })
  .strict()
  .refine((word) => originOnlyForMachine(word.gloss_source, word.gloss_origin), {
    message: 'gloss_origin goes only with gloss_source "machine"',
    path: ['gloss_origin'],
  });

export const packageSentenceSchema = z
  .object({
    text: text.pipe(z.string().min(1)),
    translation: text.optional(),
    translation_source: sourceSchema,
    translation_origin: originSchema,
    words: z.array(packageWordSchema).default([]),
  })
  .strict()
  .refine(
    (sentence) => originOnlyForMachine(sentence.translation_source, sentence.translation_origin),
    {
      message: 'translation_origin goes only with translation_source "machine"',
      path: ['translation_origin'],
    },
  );

export type PackageWord = z.output<typeof packageWordSchema>;
export type PackageSentence = z.output<typeof packageSentenceSchema>;

/** The longest chapter a package holds, in sentences. */
export const PACKAGE_MAX_SENTENCES = 20_000;

/** The option `answer` names, by the rule that tells options apart; -1 when it names none. */
const answerIndex = (entry: { options: readonly string[]; answer: string }) =>
  entry.options.findIndex((option) => optionKey(option) === optionKey(entry.answer));

/**
 * A comprehension question (decision 069) as story.json writes it: the question, its options, the
 * correct one by its text (`answer`), and optionally the sentence that answers it, by its number
 * in the chapter (from 1: its place in `sentences`, which is its line in chapter-<n>.json). The
 * rules are the studio's (chapterQuestionSchema), reported at the package's own fields.
 */
export const packageQuestionSchema = z
  .object({
    question: z.string(),
    options: z.array(z.string()),
    answer: z.string(),
    line: z.number().int().min(1).max(PACKAGE_MAX_SENTENCES).optional(),
  })
  .strict()
  .superRefine((entry, context) => {
    const correctOption = answerIndex(entry);
    if (correctOption < 0) {
      context.addIssue({
        code: 'custom',
        message: storyPackageMessages.answerNotAnOption,
        path: ['answer'],
      });
    }
    const checked = chapterQuestionSchema.safeParse({
      text: entry.question,
      options: entry.options,
      correctOption: Math.max(correctOption, 0),
      segmentId: null,
    });
    for (const issue of checked.error?.issues ?? []) {
      const [field, ...rest] = issue.path;
      context.addIssue({
        code: 'custom',
        message: issue.message,
        path: [
          field === 'text' ? 'question' : field === 'correctOption' ? 'answer' : 'options',
          ...rest,
        ],
      });
    }
  });
export type PackageQuestion = z.output<typeof packageQuestionSchema>;

/**
 * A story.json question as the chapter keeps it; `lineIds` are the ids of the chapter's lines in
 * order (a line past them names none: package-checks refuses such a package first).
 */
export const questionFromPackage = (
  entry: PackageQuestion,
  lineIds: readonly string[],
): ChapterQuestion =>
  chapterQuestionSchema.parse({
    text: entry.question,
    options: entry.options,
    correctOption: answerIndex(entry),
    segmentId: entry.line === undefined ? null : (lineIds[entry.line - 1] ?? null),
  });

/** A chapter's question as story.json writes it; a line no longer in `lineIds` is left out. */
export function questionForPackage(
  question: ChapterQuestion,
  lineIds: readonly string[],
): PackageQuestion {
  const line = question.segmentId === null ? -1 : lineIds.indexOf(question.segmentId);
  return {
    question: question.text,
    options: [...question.options],
    answer: question.options[question.correctOption]!,
    ...(line < 0 ? {} : { line: line + 1 }),
  };
}

export const packageChapterSchema = z
  .object({
    title: text.pipe(z.string().trim().min(1).max(200)),
    /** One entry per transcript segment; empty when the chapter has no text yet. */
    sentences: z.array(packageSentenceSchema).max(PACKAGE_MAX_SENTENCES).default([]),
    /**
     * Its comprehension questions; left out (a package made before them), an import keeps the
     * ones the chapter has, while `[]` removes them.
     */
    questions: z
      .array(packageQuestionSchema)
      .max(COMPREHENSION_LIMITS.questions, comprehensionMessages.tooManyQuestions)
      .optional(),
  })
  .strict();

/**
 * `story.json`, in the format of the demo library's sources (content/stories/<slug>/story.json),
 * which it reads; a package may leave out what a story made in the admin area may lack (a
 * description, translations, glosses, a chapter's text).
 */
export const storyPackageSchema = z
  .object({
    slug: z
      .string()
      .max(200)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug: lower-case letters, digits and hyphens'),
    title: text.pipe(z.string().trim().min(1).max(200)),
    description: text.pipe(z.string().trim().max(5000)).nullable().default(null),
    level: storyLevelSchema,
    language: text.pipe(z.string().trim().min(1).max(50)).default('Spanish'),
    /** Order in the library the package came from; a new story takes it (an update keeps its own). */
    position: z.number().int().min(1).max(100_000).optional(),
    requires_login: z.boolean().default(true),
    new_words_count: z.number().int().min(0).max(100_000).default(0),
    chapters: z.array(packageChapterSchema).max(STORY_PACKAGE_MAX_CHAPTERS),
  })
  .strict();
export type StoryPackage = z.output<typeof storyPackageSchema>;
export type StoryPackageInput = z.input<typeof storyPackageSchema>;

export const importStoryResponseSchema = z.object({
  story: adminStorySchema,
  /** True when the package made a new draft; false when it updated the story of its slug. */
  created: z.boolean(),
  /** The alignments started for chapters that came with audio but without timings. */
  alignmentJobs: z.array(jobSchema),
});
export type ImportStoryResponse = z.infer<typeof importStoryResponseSchema>;

export const storyPackageMessages = {
  notZip: 'The file is not a .zip story package',
  tooLarge: (limitMegabytes: number) => `A story package may be at most ${limitMegabytes} MB`,
  noStoryFile: `The package has no ${STORY_PACKAGE_FILE}`,
  storyFileInvalid: `${STORY_PACKAGE_FILE} is not valid JSON`,
  severalFolders: 'The package must hold one story: its files at the top or inside one folder',
  unexpectedFile: (name: string) =>
    `The package holds a file a story package does not have: ${name}`,
  duplicateFile: (name: string) => `The package holds ${name} twice`,
  fileTooLarge: (name: string, limitMegabytes: number) =>
    `${name} is larger than ${limitMegabytes} MB`,
  damaged: 'The package is damaged and cannot be read',
  unpackedTooLarge: (limitMegabytes: number) =>
    `The package's files come to more than ${limitMegabytes} MB once unpacked`,
  expandsTooMuch: (ratio: number) =>
    `The package unpacks to more than ${ratio} times its own size, which no story package does (recordings barely compress): it was not imported`,
  chapterWithoutEntry: (name: string, chapters: number) =>
    `${name} belongs to no chapter: ${STORY_PACKAGE_FILE} has ${chapters}`,
  severalAudios: (number: number) => `Chapter ${number} has more than one audio file`,
  severalCovers: 'The package has more than one cover',
  textWithoutAudio: (number: number) =>
    `Chapter ${number} has text but neither audio nor a timed transcript: add its recording (chapter-${number}.m4a, .mp3 or .wav)`,
  /** `reason`: the upload's own words (uploadMessages.recordingTooLong). */
  recordingTooLong: (number: number, reason: string) => `Chapter ${number}: ${reason}`,
  nothingToAlign: (number: number) =>
    `Chapter ${number}'s sentences have no words to align with its recording`,
  transcriptDiffers: (number: number, sentence: number) =>
    `Chapter ${number}: sentence ${sentence} of ${STORY_PACKAGE_FILE} differs from chapter-${number}.json`,
  transcriptInvalid: (number: number, reason: string) =>
    `chapter-${number}.json cannot be read by the player: ${reason}`,
  /** story.json marks a translation or gloss otherwise than the timed transcript does (043). */
  reviewStateDiffers: (number: number, sentence: number, what: string) =>
    `Chapter ${number}: ${STORY_PACKAGE_FILE} marks the ${what} of sentence ${sentence} otherwise than chapter-${number}.json (translation_source, gloss_source)`,
  /** A question's `answer` must be one of its `options` (decision 069). */
  answerNotAnOption: 'answer must be one of the question’s options, as written there',
  /** A question names a sentence the chapter does not have. */
  questionLineMissing: (number: number, question: number, line: number, lines: number) =>
    `Chapter ${number}: question ${question} names line ${line}, but the chapter has ${lines === 0 ? 'no lines' : lines === 1 ? 'one line' : `${lines} lines`}`,
  /** The story changed between reading it and writing the package over it. */
  changedDuringImport:
    'The story changed while the package was being imported. Please import it again.',
} as const;
