import { z } from 'zod';
import { clientTimeSchema } from './client-time.ts';
import { chapterSchema, storySummarySchema } from './stories.ts';

/** The spec's update_chapter_progress, with the timestamps that make "newest wins" possible. */
export const saveProgressBodySchema = z
  .object({
    chapterId: z.uuid(),
    positionSeconds: z.number().min(0).max(86_400),
    /** The audio's real duration as the player measured it. */
    durationSeconds: z.number().positive().max(86_400),
    /** When the position was recorded, in the client's clock (ms since epoch). */
    clientTimestamp: clientTimeSchema,
    /** When this request was sent, in the client's clock: lets the server correct the clock offset. */
    sentAt: clientTimeSchema,
    /** Identifies the tab that saved, so it can ignore its own live events. */
    deviceId: z.string().min(1).max(64).optional(),
  })
  .strict();
export type SaveProgressBody = z.infer<typeof saveProgressBodySchema>;

export const chapterProgressSchema = z.object({
  chapterId: z.uuid(),
  progressPercentage: z.number(),
  completed: z.boolean(),
  lastPositionSeconds: z.number(),
  lastAccessedAt: z.iso.datetime().nullable(),
  /** When the stored save was recorded (server time). */
  savedAt: z.iso.datetime().nullable(),
});
export type ChapterProgress = z.infer<typeof chapterProgressSchema>;

export const saveProgressResponseSchema = z.object({
  /** False when a newer save was already stored: this one was older and changed nothing. */
  applied: z.boolean(),
  progress: chapterProgressSchema,
  /** Achievements this save earned. */
  newAchievements: z.array(z.string()),
});

export const progressListResponseSchema = z.object({ progress: z.array(chapterProgressSchema) });

/** The most chapters one progress query may name. */
export const MAX_PROGRESS_CHAPTER_IDS = 500;

/** `chapterIds` is a comma-separated list of chapter ids (empty: none). */
const chapterIdListSchema = z
  .string()
  .max(20_000)
  .transform((raw) => (raw === '' ? [] : raw.split(',')))
  .pipe(z.array(z.uuid()).max(MAX_PROGRESS_CHAPTER_IDS));

export const progressQuerySchema = z
  .object({ chapterIds: chapterIdListSchema.optional() })
  .strict();

export const recentChapterSchema = chapterSchema.extend({
  story: storySummarySchema,
  progressPercentage: z.number(),
  lastPositionSeconds: z.number(),
  lastAccessedAt: z.iso.datetime(),
  completed: z.boolean(),
});
export type RecentChapter = z.infer<typeof recentChapterSchema>;
export const recentProgressResponseSchema = z.object({ chapters: z.array(recentChapterSchema) });

/** What the live event stream sends to a user's other pages. */
export const progressEventSchema = z.object({
  progress: chapterProgressSchema,
  deviceId: z.string().nullable(),
});
export type ProgressEvent = z.infer<typeof progressEventSchema>;

export const vocabularyResponseSchema = z.object({
  vocabulary: z.object({
    totalWordsLearned: z.number().int(),
    storiesCompleted: z.number().int(),
    averageWordsPerStory: z.number().int(),
  }),
});

/**
 * A word the learner knows (decision 067): its lemma was heard in a chapter they completed, or it
 * is a saved word whose last review was rated Good or Easy. Only the top-2,000 words count.
 */
export const chapterVocabularyResponseSchema = z.object({
  /** Share of the chapter's distinct words the learner knows, whole percent rounded down. */
  knownPercentage: z.number().int(),
  /** Ids of transcript words whose lemma the learner does not know yet. */
  newWordIds: z.array(z.string()),
});

/** The share of each published story's words a signed-in learner knows (issue 25): GET /api/me/story-knowledge. */
export const storyKnowledgeSchema = z.object({
  storyId: z.uuid(),
  /** Share of the story's distinct words (all its chapters) known, whole percent rounded down. */
  knownPercentage: z.number().int().min(0).max(100),
  /** The story's distinct words not known yet. */
  newWordsCount: z.number().int().nonnegative(),
  /**
   * Share of the story's running words known (every word as often as it is said; names and
   * numbers known), whole percent rounded down: the measure the "fits you" band reads (decision
   * 071).
   */
  coveragePercentage: z.number().int().min(0).max(100),
});
export type StoryKnowledge = z.infer<typeof storyKnowledgeSchema>;

/** Every published story, in library order. */
export const storyKnowledgeResponseSchema = z.object({
  stories: z.array(storyKnowledgeSchema),
});
export type StoryKnowledgeResponse = z.infer<typeof storyKnowledgeResponseSchema>;

/** Average words per story = total_words_learned / max(stories_completed, 1), rounded (spec). */
export const averageWordsPerStory = (totalWordsLearned: number, storiesCompleted: number) =>
  Math.round(totalWordsLearned / Math.max(storiesCompleted, 1));

/** The most one listening session may report (a day): anything above is not one player visit. */
export const MAX_SESSION_LISTENED_SECONDS = 86_400;

/**
 * A player visit's running total of time actually listened (decision 033): sent again and again
 * with the growing total, so a retried, late or repeated report never counts twice.
 */
export const reportListeningBodySchema = z
  .object({
    /** Made by the client once per player visit of a chapter. */
    sessionId: z.uuid(),
    chapterId: z.uuid(),
    listenedSeconds: z.number().min(0).max(MAX_SESSION_LISTENED_SECONDS),
  })
  .strict();
export type ReportListeningBody = z.infer<typeof reportListeningBodySchema>;

export const reportListeningResponseSchema = z.object({
  /** The session's total as stored: the largest report received. */
  listenedSeconds: z.number(),
  /** Achievements this report earned (the hour listened), each awarded once. */
  newAchievements: z.array(z.string()),
});

/** The profile's Listening Minutes: whole minutes of time actually listened (decision 033). */
export const listeningMinutes = (listenedSeconds: number) => Math.floor(listenedSeconds / 60);
