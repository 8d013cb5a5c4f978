import { z } from 'zod';
import type { AdminStory, StoryInput } from '#shared/contracts/admin-stories';
import { storyLevels, type StoryLevel } from '#shared/contracts/stories';

/**
 * The wizard's form: what the admin types, as typed (numbers stay strings until saved, so an
 * empty field is "use the default" rather than NaN). `toStoryInput` turns it into the contract's
 * StoryInput; the server validates that again with `storyInputSchema`.
 */

export const WIZARD_STEPS = ['Basic Information', 'Cover Image', 'Chapters', 'Review'] as const;
export type WizardStep = 1 | 2 | 3 | 4;
export const LAST_STEP = WIZARD_STEPS.length as WizardStep;

export const levelLabels: Record<StoryLevel, string> = {
  Beginner: 'Beginner (A1-A2)',
  Intermediate: 'Intermediate (B1-B2)',
  Advanced: 'Advanced (C1-C2)',
};

/** A whole number typed in a field: '' (the default applies) or digits within [min, max]. */
const wholeNumberText = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) =>
        value === '' || (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max),
      message,
    );

const MAX_DURATION_SECONDS = 86_400;

export const wizardChapterSchema = z.object({
  /** The saved chapter's id (edit mode): sent back so the chapter, and its progress, survive. */
  chapterId: z.string().optional(),
  title: z.string(),
  /** Seconds, as typed; '' means unknown. */
  duration: z.string(),
  /** Stored file names referenced by the chapter; '' when missing. */
  audioFileId: z.string(),
  transcriptFileId: z.string(),
  /** What the admin sees for each file: the uploaded file's own name, or the stored name. */
  audioName: z.string(),
  transcriptName: z.string(),
});
export type WizardChapter = z.infer<typeof wizardChapterSchema>;

export const wizardSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Story title is required')
    .max(200, 'Story title must be at most 200 characters'),
  level: z.enum(storyLevels, { error: 'Level is required' }),
  newWordsCount: wholeNumberText(0, 100_000, 'New words count must be a whole number, 0 or more'),
  description: z
    .string()
    .trim()
    .min(1, 'Description is required')
    .max(5000, 'Description must be at most 5000 characters'),
  position: wholeNumberText(1, 100_000, 'Position must be a whole number, 1 or more'),
  imageUrl: z.string().refine((value) => value !== '', 'Cover image is required'),
  chapters: z.array(wizardChapterSchema).superRefine((chapters, context) => {
    if (chapters.length === 0) {
      context.addIssue({ code: 'custom', message: 'Add at least one chapter' });
    }
    chapters.forEach((chapter, index) => {
      const number = index + 1;
      if (chapter.title.trim() === '') {
        context.addIssue({
          code: 'custom',
          message: `Chapter ${number} title is required`,
          path: [index, 'title'],
        });
      }
      const duration = chapter.duration.trim();
      if (duration !== '' && (!/^\d+$/.test(duration) || Number(duration) > MAX_DURATION_SECONDS)) {
        context.addIssue({
          code: 'custom',
          message: `Chapter ${number} duration must be a whole number of seconds`,
          path: [index, 'duration'],
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
  position: '1',
  imageUrl: '',
  chapters: [],
});

export const newChapter = (number: number): WizardChapter => ({
  title: `Chapter ${number}`,
  duration: '',
  audioFileId: '',
  transcriptFileId: '',
  audioName: '',
  transcriptName: '',
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
      duration: chapter.duration === null ? '' : String(chapter.duration),
      audioFileId: chapter.audioFileId,
      transcriptFileId: chapter.transcriptFileId,
      audioName: chapter.audioFileId,
      transcriptName: chapter.transcriptFileId,
    })),
  };
}

const numberOr = (text: string, fallback: number): number =>
  text.trim() === '' ? fallback : Number.parseInt(text.trim(), 10);

/**
 * The request body (spec, section 5): title and description trimmed, an empty description sent
 * as null, position 1 and new words 0 when left empty, duration parsed as an integer (empty is
 * null), file ids '' when missing.
 */
export function toStoryInput(values: WizardValues, language = 'Spanish'): StoryInput {
  const description = values.description.trim();
  return {
    title: values.title.trim(),
    description: description === '' ? null : description,
    language,
    level: values.level,
    position: numberOr(values.position, 1),
    imageUrl: values.imageUrl === '' ? null : values.imageUrl,
    newWordsCount: numberOr(values.newWordsCount, 0),
    chapters: values.chapters.map((chapter) => ({
      ...(chapter.chapterId ? { id: chapter.chapterId } : {}),
      title: chapter.title.trim(),
      duration: chapter.duration.trim() === '' ? null : numberOr(chapter.duration, 0),
      audioFileId: chapter.audioFileId,
      transcriptFileId: chapter.transcriptFileId,
    })),
  };
}

/** A chapter learners can play with its transcript: both files are linked. */
export const isChapterComplete = (
  chapter: Pick<WizardChapter, 'audioFileId' | 'transcriptFileId'>,
) => chapter.audioFileId !== '' && chapter.transcriptFileId !== '';
