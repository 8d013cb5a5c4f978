import { z } from 'zod';
import {
  alignmentLanguages,
  type AlignmentResult,
  type PrefillReport,
} from '#shared/contracts/studio';
import { isDoubtful } from '#shared/studio/doubtful';
import { transcriptSchema, type Transcript } from '#shared/transcript';
import { AlignmentError, type AlignTranscript } from '../../lib/alignment/types.ts';
import { AlignmentMemoryError } from '../../lib/alignment-thread/align-in-thread.ts';
import { AudioDecodeError, FfmpegMissingError } from '../../lib/audio/index.ts';
import type { AuditLog } from '../../lib/audit-log.repository.ts';
import { JobFailure } from '../../lib/jobs/job-errors.ts';
import type { JobContext, JobHandler } from '../../lib/jobs/job-worker.ts';
import type { ChapterAudio } from './chapter-audio.ts';
import type { StudioRepository } from './studio.repository.ts';
import { studioMessages } from './studio-messages.ts';
import { findTimingProblems } from './transcript-checks.ts';
import type { TranscriptVersions } from './transcript-versions.ts';
import type { TranslationPrefill } from './translation-prefill.ts';

/** What an `align-chapter` job is given when it is enqueued (alignment.service.ts). */
export const alignChapterPayloadSchema = z.object({
  chapterId: z.uuid(),
  /** The recording to align: a job whose chapter got another recording meanwhile stops. */
  audioKey: z.string().min(1),
  /** The sentences and words to place (untimed), with their translations and glosses. */
  transcript: transcriptSchema,
  language: z.enum(alignmentLanguages),
});
export type AlignChapterPayload = z.infer<typeof alignChapterPayloadSchema>;

/** The rate the engine works at: speech needs nothing above 8 kHz. */
export const ALIGNMENT_SAMPLE_RATE = 16_000;

/** The shares of the progress bar each step takes. */
const STEPS = {
  decode: { from: 0, to: 0.1 },
  align: { from: 0.1, to: 0.85 },
  translate: { from: 0.85, to: 0.97 },
  save: { from: 0.97, to: 1 },
} as const;
const within = (step: { from: number; to: number }, fraction: number) =>
  step.from + (step.to - step.from) * fraction;

/** The failures an administrator can act on, with their own words; anything else is a defect. */
function asJobFailure(error: unknown): unknown {
  if (
    error instanceof AlignmentError ||
    error instanceof AlignmentMemoryError ||
    error instanceof AudioDecodeError ||
    error instanceof FfmpegMissingError
  ) {
    return new JobFailure(error.message);
  }
  return error;
}

function resultOf(
  transcript: Transcript,
  version: number,
  leadingNonSpeechSeconds: number,
  translations: PrefillReport,
) {
  const words = transcript.segments.flatMap((segment) => segment.words);
  return {
    version,
    segments: transcript.segments.length,
    words: words.length,
    leadingNonSpeechSeconds,
    doubtfulWords: words.filter((word) => isDoubtful(word.confidence)).length,
    translations,
  } satisfies AlignmentResult;
}

/**
 * The `align-chapter` job (decision 021): the chapter's recording decoded, the text placed on it
 * by the alignment engine, missing translations and glosses prefilled as 'machine', and the whole
 * saved as a new transcript version (source 'alignment') that the chapter then shows, its
 * duration taken from the recording. Nothing is stored until the last step, so a job that fails
 * or is cancelled leaves no version and no object behind.
 */
export function createAlignChapterJob(deps: {
  studio: Pick<StudioRepository, 'findChapter'>;
  audio: ChapterAudio;
  align: AlignTranscript;
  prefill: TranslationPrefill;
  versions: TranscriptVersions;
  audit: AuditLog;
}): JobHandler {
  const { studio, audio, align, prefill, versions, audit } = deps;

  async function run(context: JobContext, request: AlignChapterPayload) {
    const { reportProgress, signal } = context;
    reportProgress('Decoding the recording', STEPS.decode.from);
    const chapter = await studio.findChapter(request.chapterId);
    if (!chapter) throw new JobFailure(studioMessages.chapterGone);
    if (chapter.audioFileId !== request.audioKey)
      throw new JobFailure(studioMessages.audioReplaced);
    const recording = await audio.decode(request.audioKey, {
      sampleRate: ALIGNMENT_SAMPLE_RATE,
      signal,
    });
    await audio.rememberDuration(request.audioKey, recording.durationSeconds);

    reportProgress('Aligning the text with the recording', STEPS.align.from);
    const aligned = await align({
      samples: recording.samples,
      sampleRate: recording.sampleRate,
      transcript: request.transcript,
      language: request.language,
      signal,
      // The engine's own end ('Done') is not the job's: its next stage follows at once.
      onProgress: (stage, fraction) => {
        if (fraction < 1) reportProgress(stage, within(STEPS.align, fraction));
      },
    });
    const problems = findTimingProblems(aligned.transcript, recording.durationSeconds);
    if (problems.length > 0) {
      throw new Error(
        `${studioMessages.invalidAlignment}: ${problems.map((issue) => `${issue.path} ${issue.message}`).join('; ')}`,
      );
    }

    reportProgress('Filling in translations', STEPS.translate.from);
    // A translation service's failure does not fail the alignment: the result reports it.
    const { transcript, report } = await prefill(aligned.transcript, {
      signal,
      onSentence: (done, total) =>
        reportProgress('Filling in translations', within(STEPS.translate, done / total)),
    });

    // The last moment a cancel can stop the job: after it, the version is saved.
    reportProgress('Saving the transcript', STEPS.save.from);
    const saved = await versions.save({
      chapterId: request.chapterId,
      transcript,
      source: 'alignment',
      createdBy: context.createdBy,
      baseVersion: 'latest',
      audioSeconds: recording.durationSeconds,
      alongside: ({ version }, tx) =>
        audit.in(tx).record({
          action: 'transcript_saved',
          userId: context.createdBy,
          origin: { ip: null, userAgent: null },
          details: {
            chapter_id: request.chapterId,
            version,
            source: 'alignment',
            job_id: context.jobId,
          },
        }),
    });
    return resultOf(transcript, saved.version, aligned.leadingNonSpeechSeconds, report);
  }

  return async (context) => {
    const request = alignChapterPayloadSchema.safeParse(context.payload);
    if (!request.success) throw new JobFailure(studioMessages.unreadablePayload);
    try {
      return await run(context, request.data);
    } catch (error) {
      throw asJobFailure(error);
    }
  };
}
