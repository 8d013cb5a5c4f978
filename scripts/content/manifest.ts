/** The library manifest `content/generated/manifest.json` that the server seeds from. */
import { z } from 'zod';
import { storyLevelSchema } from '#shared/contracts/stories';

export const manifestChapterSchema = z.object({
  /** 1-based. */
  position: z.number().int().positive(),
  title: z.string().min(1),
  /** Whole seconds, rounded. */
  durationSeconds: z.number().int().positive(),
  durationExact: z.number().positive(),
  /** Paths are relative to `content/generated/`. */
  audio: z.string().min(1),
  transcript: z.string().min(1),
  wordCount: z.number().int().positive(),
});

export const manifestStorySchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  title: z.string().min(1),
  description: z.string().min(1),
  level: storyLevelSchema,
  language: z.literal('Spanish'),
  position: z.number().int().positive(),
  requiresLogin: z.boolean(),
  newWordsCount: z.number().int().nonnegative(),
  cover: z.object({
    webp: z.string().min(1),
    jpeg: z.string().min(1),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
  chapters: z.array(manifestChapterSchema).min(1),
});

export const manifestSchema = z.object({ stories: z.array(manifestStorySchema) });

export type ManifestChapter = z.infer<typeof manifestChapterSchema>;
export type ManifestStory = z.infer<typeof manifestStorySchema>;
export type Manifest = z.infer<typeof manifestSchema>;
