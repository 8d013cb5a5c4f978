import type {
  PrefillResponse,
  SaveTranscriptRequest,
  StudioChapter,
  TranscriptVersion,
  Waveform,
} from '#shared/contracts/studio';
import { translationSummary } from '#shared/studio/translation-summary';
import type { TranslationServiceName } from '#shared/translation-services';
import type { Transcript } from '#shared/transcript';
import type { Actor } from '../../lib/actor.ts';
import type { AuditLog } from '../../lib/audit-log.repository.ts';
import { AppError, badRequest, notFound, StorageUnreachableError } from '../../lib/errors.ts';
import type { TranscriptLoader } from '../stories/transcript-loader.ts';
import { audioRefusal, type ChapterAudio } from './chapter-audio.ts';
import type { StudioChapterRow, StudioRepository } from './studio.repository.ts';
import { studioMessages } from './studio-messages.ts';
import { studioWarnings } from './studio-warnings.ts';
import { checkSavedTranscript } from './transcript-checks.ts';
import type { TranscriptVersions } from './transcript-versions.ts';
import type { TranslationPrefill } from './translation-prefill.ts';

/** Where the editor plays a chapter's recording: the learner route, as a preview (drafts too). */
export const studioAudioUrl = (chapterId: string) => `/api/chapters/${chapterId}/audio?preview=1`;

/**
 * The transcript editor's server side (decision 021): a chapter's working transcript with its
 * recording's measured length, saves as new versions (refused over a newer one), the versions and
 * their restore, the translation prefill and the waveform.
 */
export function createStudioService(deps: {
  studio: StudioRepository;
  versions: TranscriptVersions;
  transcripts: TranscriptLoader;
  audio: ChapterAudio;
  prefill: TranslationPrefill;
  audit: AuditLog;
  /** The translation services that serve this site, shown beside "Fill missing translations". */
  translationServices: () => TranslationServiceName[];
}) {
  const { studio, versions, transcripts, audio, prefill, audit } = deps;

  async function chapterOf(chapterId: string): Promise<StudioChapterRow> {
    const chapter = await studio.findChapter(chapterId);
    if (!chapter) throw notFound(studioMessages.chapterNotFound);
    return chapter;
  }

  /** The recording's exact length; a recording that cannot be read is refused in words. */
  async function audioSecondsOf(chapter: StudioChapterRow): Promise<number> {
    if (chapter.audioFileId === '') throw badRequest(studioMessages.noAudio);
    try {
      return await audio.durationSeconds(chapter.audioFileId);
    } catch (error) {
      throw audioRefusal(error) ?? error;
    }
  }

  async function readChapter(chapter: StudioChapterRow): Promise<StudioChapter> {
    let transcript: Transcript | null = null;
    let transcriptProblem: string | undefined;
    if (chapter.transcriptFileId !== '') {
      try {
        transcript = (await transcripts.load(chapter.transcriptFileId)).transcript;
      } catch (error) {
        // A transcript that cannot be read as one is shown as a problem to fix; a storage that
        // cannot be reached now fails the request (503, try again), rather than opening an
        // empty editor that invites writing over the chapter.
        if (!(error instanceof AppError) || error instanceof StorageUnreachableError) throw error;
        transcriptProblem = error.message;
      }
    }
    let audioSeconds: number | null = null;
    let audioProblem: string | undefined;
    if (chapter.audioFileId !== '') {
      try {
        audioSeconds = await audio.durationSeconds(chapter.audioFileId);
      } catch (error) {
        // The editor still opens: it says why the recording could not be measured.
        const refusal = audioRefusal(error);
        if (!refusal) throw error;
        audioProblem = refusal.message;
        audioSeconds = chapter.duration ?? 0;
      }
    }
    return {
      chapter: {
        id: chapter.id,
        storyId: chapter.storyId,
        storyTitle: chapter.storyTitle,
        title: chapter.title,
        position: chapter.position,
      },
      audio:
        audioSeconds === null
          ? null
          : { url: studioAudioUrl(chapter.id), durationSeconds: audioSeconds },
      transcript,
      version: await versions.currentVersion(chapter),
      summary: translationSummary(transcript ?? { segments: [] }),
      warnings: studioWarnings({ transcript, audioSeconds, audioProblem, transcriptProblem }),
      translationServices: deps.translationServices(),
    };
  }

  return {
    async getChapter(chapterId: string): Promise<StudioChapter> {
      return readChapter(await chapterOf(chapterId));
    },

    /**
     * Saves the editor's transcript as the chapter's newest version: refused (400, each problem
     * placed) when the player could not play it against the recording, and (409) when someone
     * saved since `baseVersion`.
     */
    async saveTranscript(
      chapterId: string,
      request: SaveTranscriptRequest,
      actor: Actor,
    ): Promise<StudioChapter> {
      const chapter = await chapterOf(chapterId);
      const audioSeconds = await audioSecondsOf(chapter);
      checkSavedTranscript(request.transcript, audioSeconds);
      const saved = await versions.save({
        chapterId,
        transcript: request.transcript,
        source: 'editor',
        note: request.note || null,
        createdBy: actor.userId,
        baseVersion: request.baseVersion,
        audioSeconds,
        alongside: ({ version }, tx) =>
          audit.in(tx).record({
            action: 'transcript_saved',
            userId: actor.userId,
            origin: actor.origin,
            details: { chapter_id: chapterId, version, source: 'editor' },
          }),
      });
      return readChapter(saved.chapter);
    },

    async listVersions(chapterId: string): Promise<TranscriptVersion[]> {
      await chapterOf(chapterId);
      const rows = await studio.listVersions(chapterId);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    /** A restore is a new version holding the old one's transcript: history only grows. */
    async restore(chapterId: string, version: number, actor: Actor): Promise<StudioChapter> {
      const chapter = await chapterOf(chapterId);
      const transcript = await versions.load(chapterId, version);
      const audioSeconds = chapter.audioFileId === '' ? undefined : await audioSecondsOf(chapter);
      const saved = await versions.save({
        chapterId,
        transcript,
        source: 'restore',
        note: `Restored version ${version}`,
        createdBy: actor.userId,
        baseVersion: 'latest',
        audioSeconds,
        alongside: ({ version: restoredAs }, tx) =>
          audit.in(tx).record({
            action: 'transcript_restored',
            userId: actor.userId,
            origin: actor.origin,
            details: { chapter_id: chapterId, restored_version: version, version: restoredAs },
          }),
      });
      return readChapter(saved.chapter);
    },

    /**
     * Fills missing translations and glosses (marked 'machine'), with the report of what was
     * filled and what failed; nothing is saved.
     */
    async prefillTranslations(chapterId: string, transcript: Transcript): Promise<PrefillResponse> {
      await chapterOf(chapterId);
      return prefill(transcript);
    },

    async waveform(chapterId: string): Promise<Waveform> {
      const chapter = await chapterOf(chapterId);
      if (chapter.audioFileId === '') throw notFound(studioMessages.noAudio);
      try {
        return (await audio.analyse(chapter.audioFileId)).waveform;
      } catch (error) {
        throw audioRefusal(error) ?? error;
      }
    },
  };
}

export type StudioService = ReturnType<typeof createStudioService>;
