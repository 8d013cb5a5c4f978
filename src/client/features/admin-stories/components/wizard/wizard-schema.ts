import { z } from 'zod';
import {
  chapterTextRefused,
  chapterTitleRequired,
  storyInputSchema,
  type AdminStory,
  type StoryInput,
} from '#shared/contracts/admin-stories';
import type { StoryLevel } from '#shared/contracts/stories';
import { chapterWithTextProblem } from '#shared/studio/chapter-text';

/**
 * The wizard's form: what the admin types, as typed (numbers stay strings until saved, so an
 * empty field is "use the default" rather than NaN). `toStoryInput` turns it into the contract's
 * StoryInput; the server validates that again with `storyInputSchema`, whose fields the form's
 * checks are built from.
 */

export const WIZARD_STEPS = ['Basic Information', 'Cover Image', 'Chapters', 'Review'] as const;
export type WizardStep = 1 | 2 | 3 | 4;
export const LAST_STEP = WIZARD_STEPS.length as WizardStep;

export const levelLabels: Record<StoryLevel, string> = {
  Beginner: 'Beginner (A1-A2)',
  Intermediate: 'Intermediate (B1-B2)',
  Advanced: 'Advanced (C1-C2)',
};

const storyFields = storyInputSchema.shape;

/** A field the contract checks as it is: its issues (and messages) are the form's. */
const checkedBy = (contractField: z.ZodType) => (value: string, context: z.RefinementCtx) => {
  for (const issue of contractField.safeParse(value).error?.issues ?? []) {
    context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  }
};

/**
 * A number kept as text in its field: '' (the contract's default applies when sent) or digits the
 * contract's field accepts.
 */
const numberText = (contractField: z.ZodType, message: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) =>
        value === '' || (/^\d+$/.test(value) && contractField.safeParse(Number(value)).success),
      message,
    );

/** A chapter's files as the contract takes them: its text only when there is one. */
const textInput = (chapter: Pick<WizardChapter, 'audioFileId' | 'transcriptFileId' | 'text'>) => ({
  audioFileId: chapter.audioFileId,
  transcriptFileId: chapter.transcriptFileId,
  ...(chapter.text === '' ? {} : { text: chapter.text }),
});

export const wizardChapterSchema = z.object({
  /** The saved chapter's id (edit mode): sent back so the chapter, and its progress, survive. */
  chapterId: z.string().optional(),
  title: z.string(),
  /**
   * Seconds, as measured from the chapter's audio (never typed); null when unknown, and again
   * once the audio is replaced, so that no stale length is sent.
   */
  duration: z.number().int().nullable(),
  /** Stored file names referenced by the chapter; '' when missing. */
  audioFileId: z.string(),
  transcriptFileId: z.string(),
  /** What the admin sees for each file: the uploaded file's own name, or the stored name. */
  audioName: z.string(),
  transcriptName: z.string(),
  /**
   * The chapter's plain text, read from a file instead of a transcript (decision 048): sent with
   * the story, which the server aligns with the audio once saved; '' when none.
   */
  text: z.string(),
  /** The text file's name and how many sentences it has, for the admin to see. */
  textName: z.string(),
  textSentences: z.number().int(),
});
export type WizardChapter = z.infer<typeof wizardChapterSchema>;

/**
 * The wizard's form over the contract's fields (storyInputSchema): title and level as the
 * contract checks them; numbers as text the contract's number fields accept; and what the wizard
 * alone asks before Next (decision 016): a description, a cover, at least one chapter.
 */
export const wizardSchema = z.object({
  title: storyFields.title,
  level: storyFields.level,
  newWordsCount: numberText(
    storyFields.newWordsCount,
    'New words count must be a whole number, 0 or more',
  ),
  description: z
    .string()
    .trim()
    .min(1, 'Description is required')
    .superRefine(checkedBy(storyFields.description)),
  position: numberText(storyFields.position, 'Position must be a whole number, 1 or more'),
  imageUrl: z
    .string()
    .refine((value) => value !== '', 'Cover image is required')
    .superRefine(checkedBy(storyFields.imageUrl)),
  chapters: z.array(wizardChapterSchema).superRefine((chapters, context) => {
    if (chapters.length === 0) {
      context.addIssue({ code: 'custom', message: 'Add at least one chapter' });
    }
    chapters.forEach((chapter, index) => {
      const number = index + 1;
      if (chapter.title.trim() === '') {
        context.addIssue({
          code: 'custom',
          message: chapterTitleRequired(number),
          path: [index, 'title'],
        });
      }
      const textProblem = chapterWithTextProblem(textInput(chapter));
      if (textProblem !== null) {
        context.addIssue({
          code: 'custom',
          message: chapterTextRefused(number, textProblem),
          path: [index, 'text'],
        });
      }
    });
  }),
});
export type WizardValues = z.input<typeof wizardSchema>;

/**
 * What each step checks before Next (decision 016): step 1 the story's fields, step 2 the cover,
 * step 3 the chapters (at least one, each titled; audio and transcript may come later), step 4
 * nothing more.
 */
export const stepFields: Record<WizardStep, ReadonlyArray<keyof WizardValues>> = {
  1: ['title', 'level', 'newWordsCount', 'description', 'position'],
  2: ['imageUrl'],
  3: ['chapters'],
  4: [],
};

export const emptyWizardValues = (): WizardValues => ({
  title: '',
  level: 'Beginner',
  newWordsCount: '0',
  description: '',
  // Empty: a new story goes last (decision 023).
  position: '',
  imageUrl: '',
  chapters: [],
});

/** A chapter without a text to align. */
export const noText = { text: '', textName: '', textSentences: 0 } as const;

export const newChapter = (number: number): WizardChapter => ({
  title: `Chapter ${number}`,
  duration: null,
  audioFileId: '',
  transcriptFileId: '',
  audioName: '',
  transcriptName: '',
  ...noText,
});

export function wizardValuesFromStory(story: AdminStory): WizardValues {
  const chapters = [...story.chapters].sort((a, b) => a.position - b.position);
  return {
    title: story.title,
    level: story.level,
    newWordsCount: String(story.newWordsCount),
    description: story.description ?? '',
    position: String(story.position),
    imageUrl: story.imageUrl ?? '',
    chapters: chapters.map((chapter) => ({
      chapterId: chapter.id,
      title: chapter.title,
      duration: chapter.duration,
      audioFileId: chapter.audioFileId,
      transcriptFileId: chapter.transcriptFileId,
      audioName: chapter.audioFileId,
      transcriptName: chapter.transcriptFileId,
      ...noText,
    })),
  };
}

const numberOr = (text: string, fallback: number): number =>
  text.trim() === '' ? fallback : Number.parseInt(text.trim(), 10);

/**
 * The request body (spec, section 5): title and description trimmed, an empty description sent
 * as null, new words 0 when left empty, file ids '' when missing. An empty position is not sent:
 * a new story goes last, an edited one stays where it is (decision 023). No duration: the server
 * takes it from the audio.
 */
export function toStoryInput(values: WizardValues, language = 'Spanish'): StoryInput {
  const description = values.description.trim();
  return {
    title: values.title.trim(),
    description: description === '' ? null : description,
    language,
    level: values.level,
    ...(values.position.trim() === '' ? {} : { position: numberOr(values.position, 1) }),
    imageUrl: values.imageUrl === '' ? null : values.imageUrl,
    newWordsCount: numberOr(values.newWordsCount, 0),
    chapters: values.chapters.map((chapter) => ({
      ...(chapter.chapterId ? { id: chapter.chapterId } : {}),
      title: chapter.title.trim(),
      ...textInput(chapter),
    })),
  };
}

/**
 * A chapter learners can play with its transcript: both files are linked, or its audio and a
 * text that is aligned into its transcript once saved.
 */
export const isChapterComplete = (
  chapter: Pick<WizardChapter, 'audioFileId' | 'transcriptFileId' | 'text'>,
) => chapter.audioFileId !== '' && (chapter.transcriptFileId !== '' || chapter.text !== '');
