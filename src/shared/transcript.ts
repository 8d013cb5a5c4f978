import { z } from 'zod';
import { translationServices } from './translation-services.ts';

/**
 * The one transcript format of the product. Times are seconds from the start of the chapter audio.
 * `translation` (per segment) and `gloss` (per word) are optional because files uploaded later may
 * lack them; the shipped demo content always carries both.
 *
 * The content studio (decision 021) adds optional fields the player ignores: who wrote a
 * translation or gloss (`machine` until a person edits or approves it, then `human`) and the
 * aligner's confidence (0–1) in a word's or a sentence's timing.
 */
export const textSources = ['machine', 'human'] as const;
export type TextSource = (typeof textSources)[number];
const textSourceSchema = z.enum(textSources);

/**
 * Where a machine proposal came from (decision 043), kept beside `translationSource: 'machine'` /
 * `glossSource: 'machine'` so the studio can say so; dropped when a person approves or edits.
 * `memory`: approved by a person elsewhere on this site (translation memory); `lexicon`: the
 * built-in dictionary; the others are the translation services of decision 010.
 */
export const proposalOrigins = ['memory', 'lexicon', ...translationServices] as const;
export type ProposalOrigin = (typeof proposalOrigins)[number];
const proposalOriginSchema = z.enum(proposalOrigins);
const confidenceSchema = z.number().min(0).max(1);

/**
 * Why the aligner doubts a word's timing (issue 22), so the editor can say so: `low-match` the
 * recording's sound matched the word badly; `squeezed` the word got far less time than it takes to
 * say; `departure` the narration seems to depart from the text here (a word left out, changed or
 * added); `long-pause` a long silence sits where the word was placed; `music` other sound (music,
 * noise) is around the word. Present only beside a doubtful `confidence`; dropped with it when a
 * person confirms or edits the timing.
 */
export const timingDoubts = ['low-match', 'squeezed', 'departure', 'long-pause', 'music'] as const;
export type TimingDoubt = (typeof timingDoubts)[number];

export const transcriptWordSchema = z.object({
  id: z.string().min(1),
  text: z.string().min(1),
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  gloss: z.string().optional(),
  glossSource: textSourceSchema.optional(),
  glossOrigin: proposalOriginSchema.optional(),
  confidence: confidenceSchema.optional(),
  timingDoubt: z.enum(timingDoubts).optional(),
});

export const transcriptSegmentSchema = z.object({
  id: z.string().min(1),
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  text: z.string(),
  translation: z.string().optional(),
  translationSource: textSourceSchema.optional(),
  translationOrigin: proposalOriginSchema.optional(),
  confidence: confidenceSchema.optional(),
  words: z.array(transcriptWordSchema),
});

export const transcriptSchema = z.object({
  segments: z.array(transcriptSegmentSchema),
});

export type TranscriptWord = z.infer<typeof transcriptWordSchema>;
export type TranscriptSegment = z.infer<typeof transcriptSegmentSchema>;
export type Transcript = z.infer<typeof transcriptSchema>;
