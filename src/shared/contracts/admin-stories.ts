import { z } from 'zod';
import { chapterWithTextProblem } from '../studio/chapter-text.ts';
import { jobSchema } from './jobs.ts';
import { storyLevels, storySummarySchema } from './stories.ts';

/**
 * Admin story management (content management, Stories tab and the story wizard).
 * Routes: src/server/modules/admin-stories.
 *
 *   GET    /api/admin/stories                  → { stories: AdminStory[] } by position, drafts too
 *   GET    /api/admin/stories/:id              → { story: AdminStory }
 *   POST   /api/admin/stories                  body StoryInput → 201 { story, alignmentJobs }
 *                                                (a draft; a chapter sent with a `text` is
 *                                                aligned with its audio in a job: decision 048)
 *   PUT    /api/admin/stories/:id              body StoryInput → { story, alignmentJobs }
 *   POST   /api/admin/stories/:id/status       → { story } (published ⇄ draft)
 *   POST   /api/admin/stories/:id/requires-login → { story } (flips requires_login)
 *   POST   /api/admin/stories/:id/move         body { direction } | { position } | { target }
 *                                                → { stories } (one place up or down, first or
 *                                                last, to a place, or to another story's place;
 *                                                the whole admin list, by position)
 *   POST   /api/admin/stories/:id/publish-changes → { story } (the working copy becomes what
 *                                                learners see: decision 021)
 *   DELETE /api/admin/stories/:id              → 204
 *
 * Learners see a published story's revision (decision 021); these routes read and change the
 * working copy. Publishing a draft the first time makes its first revision; unpublishing keeps
 * it. A chapter removed from the working copy while learners still see it is listed under
 * `removedChapters` until the next publish deletes it.
 */

/** PostgreSQL text cannot hold NUL: refused here rather than failing in the database. */
const text = z
  .string()
  .refine((value) => !value.includes('\0'), 'Text may not contain NUL characters');

/** Spec, section 5: trimmed title and description; an empty description is stored as null. */
const trimmed = text.transform((value) => value.trim());

export const adminChapterSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  position: z.number().int(),
  /** Seconds; null when unknown. */
  duration: z.number().int().nullable(),
  /** Storage key (the upload's file_path) in the audios bucket; '' when missing (spec). */
  audioFileId: z.string(),
  /** Storage key (the upload's file_path) in the trans bucket; '' when missing (spec). */
  transcriptFileId: z.string(),
});
export type AdminChapter = z.infer<typeof adminChapterSchema>;

/**
 * A story's cover: 'present', 'none' (no image chosen) or 'missing' (it names one of our stored
 * images whose file is gone).
 */
export const coverStates = ['present', 'none', 'missing'] as const;
export type CoverState = (typeof coverStates)[number];

/** What keeps a chapter from learners (decision 063): it needs its audio and its transcript. */
export const chapterMissingParts = ['audio', 'transcript', 'audio-and-transcript'] as const;
export type ChapterMissingPart = (typeof chapterMissingParts)[number];

type ChapterFiles = { audioFileId: string; transcriptFileId: string };

/** What the chapter lacks to play for learners; null when it has both files. */
export function chapterMissingPart({
  audioFileId,
  transcriptFileId,
}: ChapterFiles): ChapterMissingPart | null {
  if (audioFileId === '') return transcriptFileId === '' ? 'audio-and-transcript' : 'audio';
  return transcriptFileId === '' ? 'transcript' : null;
}

/**
 * A chapter learners can play: it has its audio and its transcript. Publishing leaves the others
 * out of what learners see (decision 021) and says so first (decision 063).
 */
export const isChapterPublishable = (chapter: ChapterFiles) => chapterMissingPart(chapter) === null;

/**
 * The one home of the completeness rule. Spec: a story is complete when it has at least one
 * chapter and a cover image; issue 12: a cover whose file no longer exists does not count;
 * decision 063: every chapter has its audio and transcript (a story just created, whose chapters
 * have no transcript yet, is not complete).
 */
export const isStoryComplete = (story: { chapters: readonly ChapterFiles[]; cover: CoverState }) =>
  story.chapters.length > 0 &&
  story.chapters.every(isChapterPublishable) &&
  story.cover === 'present';

export const adminStorySchema = storySummarySchema.extend({
  chapters: z.array(adminChapterSchema),
  cover: z.enum(coverStates),
  /** isStoryComplete of the working copy's chapters and its cover. */
  complete: z.boolean(),
  /** Publishing now would change what learners see (false until the story is first published). */
  hasUnpublishedChanges: z.boolean(),
  /** When learners' revision was published; null while the story has never been published. */
  revisionPublishedAt: z.iso.datetime().nullable(),
  /** Chapters removed from the working copy that learners still see until the next publish. */
  removedChapters: z.array(adminChapterSchema),
});
export type AdminStory = z.infer<typeof adminStorySchema>;

export const chapterInputSchema = z.object({
  /** An existing chapter keeps its id (and so its learners' progress); new ones have none. */
  id: z.uuid().optional(),
  title: trimmed.pipe(z.string().min(1, 'Chapter title is required').max(200)),
  audioFileId: text.pipe(z.string().max(500)).default(''),
  transcriptFileId: text.pipe(z.string().max(500)).default(''),
  /**
   * The chapter's plain Spanish text (one or more sentences), instead of a transcript file: once
   * the story is saved, it is aligned with the chapter's audio in a background job, which makes
   * the chapter's transcript (decision 048). Needs the audio; refused with a transcript file. Its
   * length (ALIGNMENT_TEXT_MAX_CHARS at most) and words are checked by the story schema, which
   * names the chapter.
   */
  text: z.string().optional(),
});
export type ChapterInput = z.input<typeof chapterInputSchema>;

/** Spec, section 5: 'Level is required' when missing. */
const levelInputSchema = z.enum(storyLevels, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? 'Level is required'
      : 'Level must be Beginner, Intermediate or Advanced',
});

/** Spec, section 5: an untitled chapter is named by its number (the API and the wizard say it). */
export const chapterTitleRequired = (number: number) => `Chapter ${number} title is required`;

/** A chapter's text refused, named by the chapter's number (the API and the wizard say it). */
export const chapterTextRefused = (number: number, problem: string) =>
  `Chapter ${number}: ${problem}`;

/**
 * As chapterInputSchema; an empty title is reported with its number by the story schema. A
 * missing (or null) title counts as empty, so it gets the same numbered message.
 */
const storyChapterInputSchema = chapterInputSchema.extend({
  title: text
    .nullish()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(200)),
});

/** Spec, section 5: 'Story title is required', also when the title is missing or not text. */
const storyTitleSchema = z
  .string({ error: 'Story title is required' })
  .refine((value) => !value.includes('\0'), 'Text may not contain NUL characters')
  .transform((value) => value.trim())
  .pipe(z.string().min(1, 'Story title is required').max(200));

export const storyImageUrlMessage =
  'The image URL must be a path on this site (starting with /) or an https:// address';

/**
 * Where a cover may point: a path of our own ('/api/files/…') or an https address. Anything else
 * (`javascript:`, `data:`, plain http, protocol-relative '//host' or '/\host', which browsers
 * read as another site) is refused. Whitespace and control characters are refused too, because
 * browsers drop them from URLs ('/\t/host' becomes '//host'). Empty means no image.
 */
export const storyImageUrlSchema = text.pipe(z.string().max(2000)).refine((value) => {
  if (value === '') return true;
  const controlOrSpace = [...value].some((char) => char.charCodeAt(0) <= 0x20 || char === '\x7f');
  if (controlOrSpace || /[\s\\]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  if (!/^https:\/\//i.test(value)) return false;
  return URL.canParse(value) && new URL(value).hostname !== '';
}, storyImageUrlMessage);

export const storyInputSchema = z
  .object({
    title: storyTitleSchema,
    description: trimmed
      .pipe(z.string().max(5000))
      .nullable()
      .default(null)
      .transform((value) => (value === '' ? null : value)),
    language: trimmed.pipe(z.string().min(1, 'Language is required').max(50)).default('Spanish'),
    level: levelInputSchema,
    /**
     * Place in the library (decision 023): the story goes there and the others make room; past
     * the end means last. Left out: last for a new story, unchanged on update.
     */
    position: z.number().int().min(1).max(100_000).optional(),
    /** The cover's public URL (an upload to the series-images bucket), or null. */
    imageUrl: storyImageUrlSchema.nullable().default(null),
    newWordsCount: z.number().int().min(0).max(100_000).default(0),
    chapters: z.array(storyChapterInputSchema).max(500).default([]),
  })
  .strict()
  .superRefine((story, ctx) => {
    story.chapters.forEach((chapter, index) => {
      if (chapter.title === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['chapters', index, 'title'],
          message: chapterTitleRequired(index + 1),
        });
      }
      const textProblem = chapterWithTextProblem(chapter);
      if (textProblem !== null) {
        ctx.addIssue({
          code: 'custom',
          path: ['chapters', index, 'text'],
          message: chapterTextRefused(index + 1, textProblem),
        });
      }
    });
  });
/**
 * What a client sends. The schema also takes a chapter without a title (to answer 'Chapter n
 * title is required'), but a client always sends one.
 */
export type StoryInput = Omit<z.input<typeof storyInputSchema>, 'chapters'> & {
  chapters?: ChapterInput[];
};

export const adminStoryResponseSchema = z.object({ story: adminStorySchema });
/** A create or update: the story, and the alignments started for chapters sent with a text. */
export const storySaveResponseSchema = adminStoryResponseSchema.extend({
  alignmentJobs: z.array(jobSchema),
});
export type StorySaveResponse = z.infer<typeof storySaveResponseSchema>;
export const adminStoryListResponseSchema = z.object({ stories: z.array(adminStorySchema) });
export const moveDirections = ['up', 'down', 'first', 'last'] as const;
export type MoveDirection = (typeof moveDirections)[number];
/**
 * Decision 023: one place up or down (the arrows, the arrow keys), first or last (Home, End), to
 * a place (past the end means last), or to the place another story has when the move is made
 * (drag and drop: right even when the list on the screen is a little out of date).
 */
export const moveStoryBodySchema = z.union([
  z.object({ direction: z.enum(moveDirections) }).strict(),
  z.object({ position: z.number().int().min(1).max(100_000) }).strict(),
  z.object({ target: z.uuid() }).strict(),
]);
export type StoryMove = z.infer<typeof moveStoryBodySchema>;

/** The spec's user-facing texts of story management (error catalogue and toasts, section 8). */
export const adminStoryMessages = {
  duplicateTitle: 'A story with this title already exists',
  duplicateTitleHint: 'Please choose a different title',
  notFound: 'Story not found',
  alreadyFirst: 'This story is already first',
  alreadyLast: 'This story is already last',
  targetNotFound: 'The story it was moved onto no longer exists',
  /** Never expected (moves are serialised): the database refused two stories at one place. */
  orderChanged: 'The story order changed at the same time. Please try again.',
  textWhileAligning:
    'it is being aligned now: wait for that alignment to finish, or cancel it in the studio, then add its text again',
  toasts: {
    published: 'Story Published',
    unpublished: 'Story Unpublished',
    statusFailed: 'Action Failed',
    loginUpdated: 'Login Requirement Updated',
    loginFailed: 'Update Failed',
    deleted: 'Story Deleted',
    deleteFailed: 'Delete Failed',
    moved: 'Story Moved',
  },
} as const;
