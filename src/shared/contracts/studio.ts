import { z } from 'zod';
import { transcriptSchema, transcriptSegmentSchema } from '../transcript.ts';
import { translationServices } from '../translation-services.ts';
import { jobSchema } from './jobs.ts';

/**
 * The content studio (decision 021): a narrator's recording and a text become a synchronised,
 * translated chapter. Every route is under the admin scope.
 *
 *   POST /api/admin/chapters/:id/alignment          body AlignmentRequest → 202 { job }
 *        aligns the chapter's audio with the text (or the untimed transcript) in a background job;
 *        the result is saved as a new transcript version (source 'alignment')
 *   GET  /api/admin/chapters/:id/alignment          → { job: Job | null } (the chapter's latest)
 *   GET  /api/admin/chapters/:id/studio             → StudioChapter (transcript, audio, versions…)
 *   PUT  /api/admin/chapters/:id/transcript         body SaveTranscriptRequest → StudioChapter
 *        (409 when baseVersion is not the latest: someone saved in between)
 *   GET  /api/admin/chapters/:id/transcript/versions → { versions: TranscriptVersion[] } newest first
 *   POST /api/admin/chapters/:id/transcript/versions/:version/restore → StudioChapter
 *   POST /api/admin/chapters/:id/realign-segment     body RealignSegmentRequest → { segment }
 *        (synchronous: one sentence, the audio around it only)
 *   POST /api/admin/chapters/:id/translations/prefill body PrefillRequest → { transcript, report }
 *        (fills what lacks a translation or gloss, marked 'machine'; not saved until PUT; the
 *        report says what was filled, by which service, and what failed)
 *   GET  /api/admin/chapters/:id/waveform            → Waveform
 *
 * Publishing (learners see a story's published revision; admins edit the working copy):
 *   POST /api/admin/stories/:id/publish-changes      → { story } (the working copy becomes what
 *                                                      learners see)
 *   GET  /api/stories/…, /api/chapters/…?preview=1   (admins only) the working copy, for Preview
 *
 * Story packages (the format of content/stories/<slug>/, docs/content.md; contract in
 * story-packages.ts):
 *   POST /api/admin/stories/import                   multipart `file` (.zip) → 201 / 200
 *        { story, created, alignmentJobs } (checked and stored at once; chapters without
 *        timings aligned in align-chapter jobs)
 *   GET  /api/admin/stories/:id/export               → application/zip
 */

/** Texts longer than this are refused (about three hours of narration). */
export const ALIGNMENT_TEXT_MAX_CHARS = 200_000;
export const alignmentLanguages = ['es'] as const;

export const alignmentRequestSchema = z
  .object({
    /**
     * Plain Spanish text: sentences are split automatically; a blank line or a line break also
     * ends a sentence. Either this or `transcript`; with neither, the chapter's own transcript
     * (its text, translations and glosses) is re-aligned.
     */
    text: z.string().max(ALIGNMENT_TEXT_MAX_CHARS).optional(),
    /** A transcript whose times are ignored: its sentences, translations and glosses are kept. */
    transcript: transcriptSchema.optional(),
    language: z.enum(alignmentLanguages).default('es'),
  })
  .strict()
  .refine((value) => !(value.text !== undefined && value.transcript !== undefined), {
    message: 'Send either a text or a transcript, not both',
  });
export type AlignmentRequest = z.input<typeof alignmentRequestSchema>;

export const alignmentResponseSchema = z.object({ job: jobSchema });
export const latestAlignmentResponseSchema = z.object({ job: jobSchema.nullable() });

/**
 * Below this confidence (0–1) the aligner's timing of a word or a sentence is doubtful: the editor
 * marks it and sends the administrator there first; the job's result counts such words.
 */
export const DOUBTFUL_CONFIDENCE = 0.5;

const translationServiceSchema = z.enum(translationServices);

/**
 * What a translation service could not do during a prefill: its message is safe to show an
 * administrator ("Apertium failed: …") and never holds story text; `sentences` counts the
 * sentences it failed on with that message.
 */
export const translationFailureSchema = z.object({
  provider: translationServiceSchema,
  message: z.string(),
  sentences: z.number().int().min(1),
});
export type TranslationFailure = z.infer<typeof translationFailureSchema>;

/** What a prefill did, so the studio says exactly that and nothing more (decision 044). */
export const prefillReportSchema = z.object({
  /** The services that serve this site, in the order they are asked; empty: none configured. */
  providers: z.array(translationServiceSchema),
  /** Sentences translated now, per service that translated some (in the order asked). */
  sentencesTranslated: z.array(
    z.object({ provider: translationServiceSchema, sentences: z.number().int().min(1) }),
  ),
  /** Sentences filled from the site's translation memory (approved elsewhere on the site). */
  sentencesFromMemory: z.number().int().min(0),
  /** Sentences that still have no translation. */
  sentencesMissing: z.number().int().min(0),
  /** Glosses filled now. */
  glossesFilled: z.number().int().min(0),
  failures: z.array(translationFailureSchema),
});
export type PrefillReport = z.infer<typeof prefillReportSchema>;

/** What the `align-chapter` job reports as its result. */
export const alignmentResultSchema = z.object({
  version: z.number().int(),
  segments: z.number().int(),
  words: z.number().int(),
  /** Seconds of music or silence before the first word. */
  leadingNonSpeechSeconds: z.number(),
  /** Words whose confidence is below the editor's threshold. */
  doubtfulWords: z.number().int(),
  /** What the job's translation prefill did (absent in jobs run before decision 044). */
  translations: prefillReportSchema.optional(),
});
export type AlignmentResult = z.infer<typeof alignmentResultSchema>;

export const transcriptVersionSources = [
  'upload',
  'alignment',
  'editor',
  'import',
  'restore',
] as const;
export type TranscriptVersionSource = (typeof transcriptVersionSources)[number];

export const transcriptVersionSchema = z.object({
  version: z.number().int().min(1),
  source: z.enum(transcriptVersionSources),
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** Who saved it (name or email), null when unknown. */
  createdBy: z.string().nullable(),
});
export type TranscriptVersion = z.infer<typeof transcriptVersionSchema>;

export const transcriptVersionsResponseSchema = z.object({
  versions: z.array(transcriptVersionSchema),
});

/** How much of a chapter still waits for a person. */
export const translationSummarySchema = z.object({
  segments: z.number().int(),
  words: z.number().int(),
  /** Sentences whose translation is missing or machine-made and not yet approved. */
  segmentsNeedingTranslation: z.number().int(),
  /** Words whose gloss is missing or machine-made and not yet approved. */
  wordsNeedingGloss: z.number().int(),
});
export type TranslationSummary = z.infer<typeof translationSummarySchema>;

export const studioChapterSchema = z.object({
  chapter: z.object({
    id: z.uuid(),
    storyId: z.uuid(),
    storyTitle: z.string(),
    title: z.string(),
    position: z.number().int(),
  }),
  /** The audio the transcript is timed against; null when the chapter has none yet. */
  audio: z
    .object({
      /** Where the editor plays it (an admin may play a draft's audio). */
      url: z.string(),
      /** Measured from the file itself, never typed. */
      durationSeconds: z.number(),
    })
    .nullable(),
  /** The working transcript (null when the chapter has none yet), and its version. */
  transcript: transcriptSchema.nullable(),
  version: z.number().int().nullable(),
  summary: translationSummarySchema,
  /** Problems a learner would meet (e.g. the transcript ends far from the audio's end). */
  warnings: z.array(z.string()),
  /**
   * The translation services that translate sentences on this site, in the order they are asked
   * (empty: none, "Fill missing translations" fills glosses only; decision 044).
   */
  translationServices: z.array(translationServiceSchema),
});
export type StudioChapter = z.infer<typeof studioChapterSchema>;

export const saveTranscriptRequestSchema = z
  .object({
    transcript: transcriptSchema,
    /** The version the edit started from: a save over someone else's newer one is refused. */
    baseVersion: z.number().int().min(1).nullable(),
    note: z.string().trim().max(200).optional(),
  })
  .strict();
export type SaveTranscriptRequest = z.input<typeof saveTranscriptRequestSchema>;

export const realignSegmentRequestSchema = z
  .object({
    /** The editor's current transcript (unsaved edits included). */
    transcript: transcriptSchema,
    segmentId: z.string().min(1),
  })
  .strict();
export const realignSegmentResponseSchema = z.object({ segment: transcriptSegmentSchema });

export const prefillRequestSchema = z.object({ transcript: transcriptSchema }).strict();

export const prefillResponseSchema = z.object({
  transcript: transcriptSchema,
  report: prefillReportSchema,
});
export type PrefillResponse = z.infer<typeof prefillResponseSchema>;

export const waveformSchema = z.object({
  /** Peaks per second of audio. */
  peaksPerSecond: z.number().int(),
  durationSeconds: z.number(),
  /** Pairs [min, max] per step, scaled to -127…127, flattened. */
  peaks: z.array(z.number().int().min(-128).max(127)),
});
export type Waveform = z.infer<typeof waveformSchema>;

export const versionParamsSchema = z.object({
  id: z.uuid(),
  version: z.coerce.number().int().min(1),
});
