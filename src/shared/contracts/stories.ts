import { z } from 'zod';
import { chapterQuestionSchema } from './comprehension.ts';

export const storyLevels = ['Beginner', 'Intermediate', 'Advanced'] as const;
export const storyLevelSchema = z.enum(storyLevels);
export type StoryLevel = z.infer<typeof storyLevelSchema>;

export const storyStatuses = ['draft', 'published'] as const;
export const storyStatusSchema = z.enum(storyStatuses);
export type StoryStatus = z.infer<typeof storyStatusSchema>;

export const chapterSchema = z.object({
  id: z.uuid(),
  storyId: z.uuid(),
  title: z.string(),
  position: z.number().int(),
  /** Seconds; null when unknown. */
  duration: z.number().int().nullable(),
  hasAudio: z.boolean(),
  hasTranscript: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Chapter = z.infer<typeof chapterSchema>;

export const storySummarySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  language: z.string(),
  level: storyLevelSchema,
  position: z.number().int(),
  status: storyStatusSchema,
  requiresLogin: z.boolean(),
  newWordsCount: z.number().int(),
  /** Public URL of the cover image, or null when none is set. */
  imageUrl: z.string().nullable(),
  publishedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type StorySummary = z.infer<typeof storySummarySchema>;

export const storySchema = storySummarySchema.extend({
  chapters: z.array(chapterSchema),
});
export type Story = z.infer<typeof storySchema>;

/**
 * Preview (decision 021): learners read what was last published; an administrator adding
 * `?preview=1` to the learner routes (GET /api/stories, /api/stories/:id, /api/stories/by-slug/:slug,
 * /api/chapters/:id, /api/chapters/:id/audio|transcript) reads the working copy, drafts included.
 * Such answers carry `preview: true` (the media answers, which are files, the header
 * PREVIEW_HEADER) and are never stored by a shared cache. Anyone else's `?preview=1` changes
 * nothing.
 */
export const previewQuerySchema = z.object({
  preview: z
    .enum(['0', '1'])
    .optional()
    .transform((value) => value === '1'),
});
export const PREVIEW_HEADER = 'x-relatos-preview';
/** Present, and true, only on answers that show the working copy. */
const previewMark = z.literal(true).optional();

export const storyListResponseSchema = z.object({
  stories: z.array(storySchema),
  preview: previewMark,
});
export type StoryListResponse = z.infer<typeof storyListResponseSchema>;

export const storyResponseSchema = z.object({ story: storySchema, preview: previewMark });
export type StoryResponse = z.infer<typeof storyResponseSchema>;

export const chapterWithStorySchema = chapterSchema.extend({
  story: storySummarySchema,
  /**
   * The chapter's comprehension questions as last published (decision 069); empty for a visitor
   * when the story needs an account. Absent from answers kept before they existed (a chapter
   * downloaded earlier): read as none.
   */
  questions: z.array(chapterQuestionSchema).optional(),
});
export type ChapterWithStory = z.infer<typeof chapterWithStorySchema>;
export const chapterResponseSchema = z.object({
  chapter: chapterWithStorySchema,
  preview: previewMark,
});

export const idParamsSchema = z.object({ id: z.uuid() }).strict();
export const slugParamsSchema = z
  .object({
    slug: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  })
  .strict();
