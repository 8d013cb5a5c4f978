import { z } from 'zod';
import { SAVED_ITEMS_PAGE_MAX, SAVED_ITEMS_QUERY_MAX } from './saved-items-routes.ts';

export {
  SAVED_ITEMS_PAGE_MAX,
  SAVED_ITEMS_QUERY_MAX,
  savedItemRoutes,
} from './saved-items-routes.ts';

/**
 * Saved words and sentences (issue 14, decision 035). The learner names WHAT to save (a line of a
 * chapter's published transcript, and for a word that word's id); the server copies the text,
 * the sentence, its translation, the word's gloss and the time range from the transcript, so the
 * item is shown exactly as the story has it and a client can never store text of its own.
 */

export const savedItemKinds = ['word', 'sentence'] as const;
export type SavedItemKind = (typeof savedItemKinds)[number];

/** FSRS card states, by name (ts-fsrs `State`: New 0, Learning 1, Review 2, Relearning 3). */
export const reviewCardStates = ['new', 'learning', 'review', 'relearning'] as const;
export type ReviewCardState = (typeof reviewCardStates)[number];

/**
 * A saved item's scheduling state, null until its first review. The fields are those of a
 * ts-fsrs `Card`, so the client can preview the next intervals with the same rule
 * (src/shared/review/fsrs.ts).
 */
export const reviewStateSchema = z.object({
  due: z.iso.datetime(),
  state: z.enum(reviewCardStates),
  stability: z.number(),
  difficulty: z.number(),
  reps: z.number().int().nonnegative(),
  lapses: z.number().int().nonnegative(),
  learningSteps: z.number().int().nonnegative(),
  scheduledDays: z.number().int().nonnegative(),
  lastReview: z.iso.datetime().nullable(),
});
export type ReviewState = z.infer<typeof reviewStateSchema>;

export const savedItemSchema = z.object({
  id: z.uuid(),
  kind: z.enum(savedItemKinds),
  /** The word, or the sentence, exactly as the transcript writes it. */
  text: z.string(),
  /** The sentence (transcript line) the item comes from. */
  sentence: z.string(),
  /**
   * The line's translation as the story gives it (English), else a translation service's; null
   * when there is none.
   */
  sentenceTranslation: z.string().nullable(),
  /**
   * The translation was machine-made and no person has reviewed it (the story's unreviewed text
   * or a service's): learners see it marked (decision 043). False for items saved before this
   * was kept.
   */
  sentenceTranslationByMachine: z.boolean(),
  /** The word's gloss (the story's, else the built-in lexicon's); null for sentences or unknown. */
  gloss: z.string().nullable(),
  /** The gloss is a machine's (the story's unreviewed gloss, or the lexicon's headword). */
  glossByMachine: z.boolean(),
  /** Language of `sentenceTranslation` and `gloss`. */
  translationLanguage: z.string(),
  storyId: z.uuid(),
  storySlug: z.string(),
  storyTitle: z.string(),
  chapterId: z.uuid(),
  chapterTitle: z.string(),
  /** The transcript line's id (`TranscriptSegment.id`). */
  segmentId: z.string(),
  /** The word's id in that line (`TranscriptWord.id`), null for a sentence. */
  wordId: z.string().nullable(),
  /** The sentence's time range in the chapter audio, in seconds. */
  startSeconds: z.number().nonnegative(),
  endSeconds: z.number().nonnegative(),
  /** The chapter audio the player uses (supports Range requests: play the clip from it). */
  audioUrl: z.string(),
  createdAt: z.iso.datetime(),
  review: reviewStateSchema.nullable(),
});
export type SavedItem = z.infer<typeof savedItemSchema>;

export const SEGMENT_ID_MAX = 64;

/** Save a word (with `wordId`) or a whole line (`kind: 'sentence'`, no `wordId`). */
export const saveItemBodySchema = z
  .object({
    kind: z.enum(savedItemKinds),
    chapterId: z.uuid(),
    segmentId: z.string().min(1).max(SEGMENT_ID_MAX),
    wordId: z.string().min(1).max(SEGMENT_ID_MAX).optional(),
  })
  .strict()
  .refine((body) => (body.kind === 'word') === (body.wordId !== undefined), {
    message: 'A word is saved with its wordId, a sentence without one',
    path: ['wordId'],
  });
export type SaveItemBody = z.infer<typeof saveItemBodySchema>;

/**
 * The list, newest first. `q` searches the text, the sentence, its translation and the gloss
 * (case-insensitive, accents as written); `chapterId` narrows to one chapter (the player uses it
 * to show which lines and words are saved). `before` is the `nextCursor` of the previous page.
 */
export const savedItemsQuerySchema = z
  .object({
    q: z.string().trim().max(SAVED_ITEMS_QUERY_MAX).optional(),
    chapterId: z.uuid().optional(),
    limit: z.coerce
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(SAVED_ITEMS_PAGE_MAX, `limit must be at most ${SAVED_ITEMS_PAGE_MAX}`)
      .default(50),
    before: z.string().max(100).optional(),
  })
  .strict();
export type SavedItemsQuery = z.input<typeof savedItemsQuerySchema>;

export const savedItemResponseSchema = z.object({ item: savedItemSchema });
export const savedItemListResponseSchema = z.object({
  items: z.array(savedItemSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many of the learner's items match `q`/`chapterId` in all. */
  total: z.number().int().nonnegative(),
});
export type SavedItemList = z.infer<typeof savedItemListResponseSchema>;

export const savedItemParamsSchema = z.object({ id: z.uuid() }).strict();
