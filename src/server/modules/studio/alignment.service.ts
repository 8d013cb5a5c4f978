import type { z } from 'zod';
import type { Job } from '#shared/contracts/jobs';
import type { alignmentRequestSchema } from '#shared/contracts/studio';
import type { Transcript, TranscriptSegment } from '#shared/transcript';
import type { Actor } from '../../lib/actor.ts';
import { AlignmentError, type AlignTranscript } from '../../lib/alignment/types.ts';
import { AlignmentMemoryError } from '../../lib/alignment-thread/align-in-thread.ts';
import type { AuditLog } from '../../lib/audit-log.repository.ts';
import { AppError, badRequest, conflict, notFound, serviceUnavailable } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { TranscriptLoader } from '../stories/transcript-loader.ts';
import { ALIGNMENT_SAMPLE_RATE, type AlignChapterPayload } from './align-chapter.job.ts';
import { sentencesToAlign } from './alignment-source.ts';
import { audioRefusal, type ChapterAudio } from './chapter-audio.ts';
import type { StudioChapterRow, StudioRepository } from './studio.repository.ts';
import { realignWindow } from './realign-window.ts';
import { studioMessages } from './studio-messages.ts';

type AlignmentRequest = z.output<typeof alignmentRequestSchema>;

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Alignment requests (decision 021): a chapter's whole recording in a background job, one
 * sentence at once in the request.
 */
export function createAlignmentService(deps: {
  studio: Pick<StudioRepository, 'findChapter'>;
  queue: JobQueue;
  transcripts: TranscriptLoader;
  audio: ChapterAudio;
  align: AlignTranscript;
  audit: AuditLog;
}) {
  const { studio, queue, transcripts, audio, align, audit } = deps;

  async function chapterWithAudio(chapterId: string): Promise<StudioChapterRow> {
    const chapter = await studio.findChapter(chapterId);
    if (!chapter) throw notFound(studioMessages.chapterNotFound);
    if (chapter.audioFileId === '') throw badRequest(studioMessages.noAudio);
    return chapter;
  }

  /** The sentences to place: the text, the transcript sent, or the chapter's own. */
  async function sourceOf(chapter: StudioChapterRow, request: AlignmentRequest) {
    if (request.text !== undefined) return sentencesToAlign({ text: request.text });
    if (request.transcript !== undefined)
      return sentencesToAlign({ transcript: request.transcript });
    if (chapter.transcriptFileId === '') throw badRequest(studioMessages.noTextToAlign);
    const own = (await transcripts.load(chapter.transcriptFileId)).transcript;
    return sentencesToAlign({ transcript: own });
  }

  return {
    /** Enqueues the chapter's alignment (202); refused while one is waiting or running. */
    async start(chapterId: string, request: AlignmentRequest, actor: Actor): Promise<Job> {
      const chapter = await chapterWithAudio(chapterId);
      const transcript = await sourceOf(chapter, request);
      const payload: AlignChapterPayload = {
        chapterId,
        audioKey: chapter.audioFileId,
        transcript,
        language: request.language,
      };
      const { job, created } = await queue.enqueueUnlessUnfinished(
        { kind: 'align-chapter', payload, subjectId: chapterId, createdBy: actor.userId },
        (row, tx) =>
          audit.in(tx).record({
            action: 'alignment_started',
            userId: actor.userId,
            origin: actor.origin,
            details: {
              chapter_id: chapterId,
              job_id: row.id,
              source:
                request.text !== undefined
                  ? 'text'
                  : request.transcript !== undefined
                    ? 'transcript'
                    : 'chapter',
              segments: transcript.segments.length,
            },
          }),
      );
      if (!created) throw conflict(studioMessages.alreadyAligning);
      return job;
    },

    /** Whether the chapter has an alignment waiting or running. */
    async isAligning(chapterId: string): Promise<boolean> {
      return (await queue.unfinished('align-chapter', chapterId)) !== null;
    },

    async latest(chapterId: string): Promise<Job | null> {
      const chapter = await studio.findChapter(chapterId);
      if (!chapter) throw notFound(studioMessages.chapterNotFound);
      return queue.latest('align-chapter', chapterId);
    },

    /**
     * Aligns one sentence of the editor's transcript again, alone, on the audio around it only;
     * the answer is the sentence with its new times (nothing is saved).
     */
    async realignSegment(
      chapterId: string,
      transcript: Transcript,
      segmentId: string,
    ): Promise<TranscriptSegment> {
      const chapter = await chapterWithAudio(chapterId);
      const index = transcript.segments.findIndex((segment) => segment.id === segmentId);
      if (index < 0) throw badRequest(studioMessages.segmentNotFound(segmentId));
      const { segments } = sentencesToAlign({
        transcript: { segments: [transcript.segments[index]] },
      });
      const sentence = segments[0];
      if (!sentence) throw badRequest(studioMessages.segmentWithoutWords);
      try {
        const audioSeconds = await audio.durationSeconds(chapter.audioFileId);
        const window = realignWindow(transcript.segments, index, audioSeconds);
        const recording = await audio.decode(chapter.audioFileId, {
          sampleRate: ALIGNMENT_SAMPLE_RATE,
          startSeconds: window.start,
          durationSeconds: window.end - window.start,
        });
        const aligned = await align({
          samples: recording.samples,
          sampleRate: recording.sampleRate,
          transcript: { segments: [sentence] },
          language: 'es',
          // The sentence is known to be in the chapter; one sentence beside a tune is too little
          // evidence for the whole-recording check.
          checkText: false,
        });
        const placed = aligned.transcript.segments[0]!;
        const shift = (seconds: number) => round(Math.min(audioSeconds, window.start + seconds));
        return {
          ...placed,
          start: shift(placed.start),
          end: shift(placed.end),
          words: placed.words.map((word) => ({
            ...word,
            start: shift(word.start),
            end: shift(word.end),
          })),
        };
      } catch (error) {
        if (error instanceof AlignmentError) throw badRequest(error.message);
        if (error instanceof AlignmentMemoryError) throw serviceUnavailable(error.message);
        if (error instanceof AppError) throw error;
        throw audioRefusal(error) ?? error;
      }
    },
  };
}

export type AlignmentService = ReturnType<typeof createAlignmentService>;
