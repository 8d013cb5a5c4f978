import { z } from 'zod';

/**
 * The one transcript format of the product. Times are seconds from the start of the chapter audio.
 * `translation` (per segment) and `gloss` (per word) are optional because files uploaded later may
 * lack them; the shipped demo content always carries both.
 */
export const transcriptWordSchema = z.object({
  id: z.string().min(1),
  text: z.string().min(1),
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  gloss: z.string().optional(),
});

export const transcriptSegmentSchema = z.object({
  id: z.string().min(1),
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  text: z.string(),
  translation: z.string().optional(),
  words: z.array(transcriptWordSchema),
});

export const transcriptSchema = z.object({
  segments: z.array(transcriptSegmentSchema),
});

export type TranscriptWord = z.infer<typeof transcriptWordSchema>;
export type TranscriptSegment = z.infer<typeof transcriptSegmentSchema>;
export type Transcript = z.infer<typeof transcriptSchema>;
