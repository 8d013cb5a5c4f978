import { z } from 'zod';
import { storyLevelSchema } from './stories.ts';

export { placementRoutes } from './placement-routes.ts';

/**
 * Placement (issue 25, decision 071): an optional test of a few minutes that sets a new learner's
 * starting level and an estimate of the common words they know, which then counts as known
 * wherever the product says how much of a text a learner knows (decision 067).
 */
/** The most answers one submission carries (a test asks far fewer). */
export const MAX_PLACEMENT_CLOZE_ANSWERS = 40;
export const MAX_PLACEMENT_WORD_ANSWERS = 80;

const clipSchema = z.object({
  startSeconds: z.number().nonnegative(),
  endSeconds: z.number().nonnegative(),
});

/**
 * A line of a published chapter with one or two words blanked, its audio the chapter's own
 * (`clip` of `/api/chapters/{chapterId}/audio`). The right options are not sent: the server
 * scores.
 */
export const placementClozeItemSchema = z.object({
  /** Unique in the test: chapter, line and blanked words. */
  id: z.string(),
  chapterId: z.uuid(),
  segmentId: z.string(),
  clip: clipSchema,
  /** The line as written, in text pieces and blanks (`blank` indexes `blanks`). */
  parts: z.array(z.union([z.object({ text: z.string() }), z.object({ blank: z.number().int() })])),
  /** Each blank's word id and its four options, the right one among them. */
  blanks: z.array(z.object({ wordId: z.string(), options: z.array(z.string()) })),
});
export type PlacementClozeItem = z.infer<typeof placementClozeItemSchema>;

export const placementTestSchema = z.object({
  cloze: z.array(placementClozeItemSchema),
  /** Words to say whether the learner knows, shuffled: common words and a few made-up ones. */
  words: z.array(z.string()),
});
export type PlacementTest = z.infer<typeof placementTestSchema>;

const idSchema = z.string().min(1).max(64);

export const placementClozeAnswerSchema = z
  .object({
    chapterId: z.uuid(),
    segmentId: idSchema,
    wordId: idSchema,
    /** The option chosen; null for "I don't know". */
    choice: z.string().max(64).nullable(),
  })
  .strict();
export type PlacementClozeAnswer = z.infer<typeof placementClozeAnswerSchema>;

export const placementWordAnswerSchema = z
  .object({ word: z.string().min(1).max(40), known: z.boolean() })
  .strict();
export type PlacementWordAnswer = z.infer<typeof placementWordAnswerSchema>;

export const placementAnswersBodySchema = z
  .object({
    cloze: z.array(placementClozeAnswerSchema).max(MAX_PLACEMENT_CLOZE_ANSWERS),
    words: z.array(placementWordAnswerSchema).max(MAX_PLACEMENT_WORD_ANSWERS),
  })
  .strict()
  .refine((body) => body.cloze.length + body.words.length > 0, {
    message: 'Answer at least one question.',
    path: ['words'],
  });
export type PlacementAnswersBody = z.infer<typeof placementAnswersBodySchema>;

export const placementSchema = z.object({
  /** Where to start: the highest level whose sentences the learner completed well. */
  level: storyLevelSchema,
  /** Common words of the site's stories now counted as known for the learner. */
  knownWordsEstimate: z.number().int().nonnegative(),
  /** The common words the site's published stories use, when the test was taken. */
  siteWords: z.number().int().nonnegative(),
  /** Blanks right of those asked, per level asked. */
  levels: z.array(
    z.object({
      level: storyLevelSchema,
      right: z.number().int().nonnegative(),
      asked: z.number().int().nonnegative(),
    }),
  ),
  takenAt: z.iso.datetime(),
});
export type Placement = z.infer<typeof placementSchema>;

export const placementResponseSchema = z.object({ placement: placementSchema.nullable() });
export type PlacementResponse = z.infer<typeof placementResponseSchema>;
export const placementTakenResponseSchema = z.object({ placement: placementSchema });
