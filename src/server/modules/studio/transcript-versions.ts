import type { TranscriptVersionSource } from '#shared/contracts/studio';
import type { Transcript } from '#shared/transcript';
import type { DbExecutor } from '../../db/client.ts';
import type { TransactionRunner } from '../../db/repository.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { generateObjectKey, type ObjectStorage } from '../../lib/storage/storage.ts';
import type { AdminStoriesRepository } from '../admin-stories/admin-stories.repository.ts';
import type { TranscriptLoader } from '../stories/transcript-loader.ts';
import type { StudioChapterRow, StudioRepository } from './studio.repository.ts';
import { studioMessages } from './studio-messages.ts';
import type { TranslationMemory } from './translation-memory.ts';
import { recordingSeconds } from '#shared/format';

export interface SaveVersionInput {
  chapterId: string;
  transcript: Transcript;
  source: TranscriptVersionSource;
  note?: string | null;
  createdBy: string | null;
  /**
   * The version the change started from (null: the chapter had no versioned transcript), refused
   * with a conflict when another was saved since; 'latest' for changes that replace whatever is
   * there (an alignment, an import).
   */
  baseVersion: number | null | 'latest';
  /** The audio's length: the chapter's duration always comes from it. */
  audioSeconds?: number;
  /** The caller's own writes in the same transaction (the audit entry). */
  alongside?: (saved: SavedVersion, tx: DbExecutor) => Promise<void>;
}

export interface SavedVersion {
  chapter: StudioChapterRow;
  version: number;
  fileKey: string;
}

/**
 * Every saved state of a chapter's transcript (decision 021): a new object in the `trans` bucket
 * and a `transcript_versions` row, the chapter pointing at the newest, and the chapter's entries
 * in the translation memory (decision 045) read from it. History only grows. A
 * transcript the chapter got elsewhere (an upload associated by the files screen) becomes a
 * version of its own before a newer one is saved over it, so it can be restored too.
 */
export function createTranscriptVersions(deps: {
  studio: StudioRepository;
  /** The one writer of chapter rows (decision 058): the chapter points at its newest version. */
  storyRows: Pick<AdminStoriesRepository, 'in'>;
  storage: ObjectStorage;
  transcripts: TranscriptLoader;
  transaction: TransactionRunner;
  memory: Pick<TranslationMemory, 'record'>;
}) {
  const { studio, storyRows, storage, transcripts, transaction, memory } = deps;

  /** The version number of what the chapter shows now; null without a versioned transcript. */
  async function currentVersion(
    chapter: StudioChapterRow,
    repository: Pick<StudioRepository, 'findVersionByFile'> = studio,
  ): Promise<number | null> {
    if (chapter.transcriptFileId === '') return null;
    const row = await repository.findVersionByFile(chapter.id, chapter.transcriptFileId);
    return row?.version ?? null;
  }

  async function write(
    tx: DbExecutor,
    chapter: StudioChapterRow,
    input: SaveVersionInput,
    key: string,
  ) {
    const repository = studio.in(tx);
    let latest = await repository.latestVersionNumber(chapter.id);
    const current = await currentVersion(chapter, repository);
    if (input.baseVersion !== 'latest' && input.baseVersion !== current) {
      throw conflict(studioMessages.staleBase(current), { hint: studioMessages.staleBaseHint });
    }
    if (chapter.transcriptFileId !== '' && current === null) {
      latest += 1;
      await repository.insertVersion({
        chapterId: chapter.id,
        version: latest,
        fileKey: chapter.transcriptFileId,
        source: 'upload',
        note: null,
        createdBy: null,
      });
    }
    const version = latest + 1;
    await repository.insertVersion({
      chapterId: chapter.id,
      version,
      fileKey: key,
      source: input.source,
      note: input.note ?? null,
      createdBy: input.createdBy,
    });
    await storyRows
      .in(tx)
      .setChapterTranscript(
        chapter.id,
        key,
        input.audioSeconds === undefined ? undefined : recordingSeconds(input.audioSeconds),
      );
    // What this transcript holds approved is what the site's memory offers from the chapter now.
    await memory.record(tx, chapter.id, key, input.transcript);
    const saved = { chapter: { ...chapter, transcriptFileId: key }, version, fileKey: key };
    await input.alongside?.(saved, tx);
    return saved;
  }

  return {
    currentVersion: (chapter: StudioChapterRow) => currentVersion(chapter),

    /**
     * Stores the transcript as the chapter's newest version. The object is put first, then the
     * version, the chapter and the caller's writes go in one transaction; when any step fails
     * the object is removed again, so a refused or failed save leaves nothing behind.
     */
    async save(input: SaveVersionInput): Promise<SavedVersion> {
      const key = generateObjectKey('transcript.json');
      const body = Buffer.from(JSON.stringify(input.transcript), 'utf8');
      await storage.put('trans', key, body, 'application/json');
      try {
        return await transaction(async (tx) => {
          const chapter = await studio.in(tx).lockChapter(input.chapterId);
          if (!chapter) throw notFound(studioMessages.chapterNotFound);
          return write(tx, chapter, input, key);
        });
      } catch (error) {
        await storage.delete('trans', key).catch(() => undefined);
        throw error;
      }
    },

    /** A stored version's transcript. */
    async load(chapterId: string, version: number): Promise<Transcript> {
      const row = await studio.findVersion(chapterId, version);
      if (!row) throw notFound(studioMessages.versionNotFound(version));
      return (await transcripts.load(row.fileKey)).transcript;
    },
  };
}

export type TranscriptVersions = ReturnType<typeof createTranscriptVersions>;
