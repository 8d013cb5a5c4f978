import { z } from 'zod';

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

export const storyListResponseSchema = z.object({ stories: z.array(storySchema) });
export type StoryListResponse = z.infer<typeof storyListResponseSchema>;

export const storyResponseSchema = z.object({ story: storySchema });

export const chapterWithStorySchema = chapterSchema.extend({ story: storySummarySchema });
export type ChapterWithStory = z.infer<typeof chapterWithStorySchema>;
export const chapterResponseSchema = z.object({ chapter: chapterWithStorySchema });

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
