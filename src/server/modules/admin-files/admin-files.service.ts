import type { Readable } from 'node:stream';
import { parseStream } from 'music-metadata';
import type { FastifyBaseLogger } from 'fastify';
import {
  associationMessages,
  defaultSortOrder,
  isPublicBucket,
  uploadKindFor,
  uploadRules,
  type AdminFile,
  type AssociationChapter,
  type CleanupFilesResponse,
  type FileSort,
  type FileUpload,
  type FileUsageFilter,
  type SortOrder,
} from '#shared/contracts/admin-files';
import type { Bucket } from '#shared/files';
import { describeFileUse, fileUseMessages } from '#shared/file-uses';
import type { DbExecutor } from '../../db/client.ts';
import type { TransactionRunner } from '../../db/repository.ts';
import type { Actor } from '../../lib/actor.ts';
import type { AuditLog } from '../../lib/audit-log.repository.ts';
import { RecordingTooLongError, uploadedRecordingSeconds } from '../../lib/audio/index.ts';
import { badRequest, conflict, notFound, payloadTooLarge } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import { checkContent, type IncomingFile } from '../../lib/upload-checks.ts';
import { publicFileUrl } from '../files/public-file-url.ts';
import type { SiteService } from '../site/site.service.ts';
import type { StoriesService } from '../stories/stories.service.ts';
import type { AdminStoriesRepository } from '../admin-stories/admin-stories.repository.ts';
import type { AdminFilesRepository, FileRow, ListedFile } from './admin-files.repository.ts';
import { audioMetadataKeys } from '../../lib/audio-metadata.ts';
import { recordingSeconds } from '#shared/format';

const DURATION_KEY = audioMetadataKeys.durationSeconds;

function toFileUpload(row: FileRow): FileUpload {
  const publicUrl = isPublicBucket(row.bucketName)
    ? typeof row.metadata.public_url === 'string'
      ? row.metadata.public_url
      : publicFileUrl(row.bucketName, row.filePath)
    : null;
  return {
    id: row.id,
    filename: row.filename,
    originalFilename: row.originalFilename,
    fileType: row.fileType,
    fileSize: row.fileSize,
    bucketName: row.bucketName,
    filePath: row.filePath,
    uploadDate: row.uploadDate.toISOString(),
    publicUrl,
  };
}

const toAdminFile = ({ row, uses, unused }: ListedFile): AdminFile => ({
  ...toFileUpload(row),
  uses,
  unused,
});

/** What an audit entry says about the file it is about. */
const fileDetails = (row: FileRow) => ({
  file_id: row.id,
  original_filename: row.originalFilename,
  bucket: row.bucketName,
  file_path: row.filePath,
});

/** Attempts at removing a stored object after its record is gone (storage can fail briefly). */
const OBJECT_DELETE_ATTEMPTS = 3;

/** The role a file plays in a chapter (spec: audio type or bucket audios; text type or trans). */
export function roleOf(file: Pick<FileRow, 'fileType' | 'bucketName'>) {
  if (file.bucketName === 'audios' || file.fileType.startsWith('audio/')) return 'audio';
  if (
    file.bucketName === 'trans' ||
    file.fileType.startsWith('text/') ||
    file.fileType === 'application/json'
  ) {
    return 'transcript';
  }
  return null;
}

/**
 * Seconds of a stored recording as its headers declare them, rounded, or null when music-metadata
 * cannot tell: for a record that holds no length (the demo library's files, older uploads).
 */
async function readDuration(source: NodeJS.ReadableStream, mimeType: string) {
  try {
    const metadata = await parseStream(
      source as Readable,
      { mimeType },
      { duration: true, skipCovers: true },
    );
    const seconds = metadata.format.duration;
    return seconds !== undefined && Number.isFinite(seconds) && seconds >= 0
      ? recordingSeconds(seconds)
      : null;
  } catch {
    return null;
  } finally {
    (source as Readable).destroy?.();
  }
}

/** Files of the content-management screen: upload, list, download, delete, chapter links. */
export function createAdminFilesService(deps: {
  files: AdminFilesRepository;
  /** The one writer of story and chapter rows: links, unlinks and detaching (decision 058). */
  storyRows: Pick<AdminStoriesRepository, 'in'>;
  fileStore: FileStore;
  storage: ObjectStorage;
  transaction: TransactionRunner;
  audit: AuditLog;
  /** Caches of what a detached file leaves: the public story list, the site's logo and images. */
  stories: Pick<StoriesService, 'invalidatePublishedList'>;
  site: Pick<SiteService, 'invalidateSettings'>;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** MAX_RECORDING_MINUTES in seconds: a longer recording is refused at upload (decision 059). */
  maxRecordingSeconds: number;
}) {
  const { files, storyRows, fileStore, storage, transaction, audit, stories, site, log } = deps;

  /** Removes the upload from every use the usage rule (fileUses) finds; counts per kind. */
  async function detachEverywhere(tx: DbExecutor, row: FileRow) {
    const inStories = await storyRows.in(tx).detachFile(row);
    const elsewhere = await files.in(tx).detachOutsideStories(row);
    return { ...inStories, ...elsewhere };
  }

  /** An uploaded recording's length in whole seconds, from its stream; refused past the limit. */
  async function uploadedSeconds(buffer: Buffer, contentType: string) {
    try {
      const seconds = await uploadedRecordingSeconds(buffer, contentType, {
        maxSeconds: deps.maxRecordingSeconds,
      });
      return seconds === null ? null : recordingSeconds(seconds);
    } catch (error) {
      if (error instanceof RecordingTooLongError) throw payloadTooLarge(error.message);
      throw error;
    }
  }

  /**
   * Removes stored objects whose records are gone (committed): a record never names a missing
   * object. An object that cannot be removed after a few attempts is logged for the operator; it
   * is named by nothing, so no one can reach it.
   */
  async function removeObjects(rows: readonly FileRow[]) {
    for (const row of rows) {
      for (let attempt = 1; ; attempt++) {
        try {
          await storage.delete(row.bucketName, row.filePath);
          break;
        } catch (error) {
          if (attempt >= OBJECT_DELETE_ATTEMPTS) {
            log.error(
              { err: error, bucket: row.bucketName, key: row.filePath },
              'a deleted file’s stored object could not be removed',
            );
            break;
          }
        }
      }
    }
  }

  /** Every use of a file, read inside the transaction that locked its row. */
  async function usesOf(tx: DbExecutor, id: string) {
    const [listed] = await files.in(tx).listFiles({ ids: [id], sort: 'date', order: 'desc' });
    return listed?.uses ?? [];
  }

  async function audioDuration(file: FileRow): Promise<number | null> {
    const saved = file.metadata[DURATION_KEY];
    if (typeof saved === 'number') return saved;
    const stream = await storage.read(file.bucketName, file.filePath).catch(() => null);
    if (!stream) return null;
    const seconds = await readDuration(stream, file.fileType);
    if (seconds !== null) await files.saveDuration(file.id, seconds);
    return seconds;
  }

  return {
    /** Checks the file by its bucket's rule, then stores it with its record and audit entry. */
    async upload(
      incoming: IncomingFile,
      target: { bucket: Bucket; kind?: 'cover' },
      actor: Actor,
    ): Promise<FileUpload> {
      const rule = uploadRules[uploadKindFor(target.bucket, target.kind)];
      const file = await checkContent(rule, incoming, { transcript: target.bucket === 'trans' });
      const duration = file.contentType.startsWith('audio/')
        ? await uploadedSeconds(file.buffer, file.contentType)
        : null;
      const row = await fileStore.store(
        file,
        {
          bucket: target.bucket,
          uploadedBy: actor.userId,
          publicUrl: isPublicBucket(target.bucket)
            ? (key) => publicFileUrl(target.bucket, key)
            : undefined,
          metadata: duration === null ? undefined : { [DURATION_KEY]: duration },
        },
        async (stored, tx) => {
          await audit.in(tx).record({
            action: 'file_uploaded',
            userId: actor.userId,
            origin: actor.origin,
            details: {
              file_id: stored.id,
              bucket: stored.bucketName,
              file_path: stored.filePath,
              original_filename: stored.originalFilename,
              file_size: stored.fileSize,
            },
          });
          return stored;
        },
      );
      return toFileUpload(row);
    },

    /** Files with where each is used; filtered by story or usage, sorted by date, name or size. */
    async list(
      query: { storyId?: string; usage?: FileUsageFilter; sort?: FileSort; order?: SortOrder } = {},
    ): Promise<AdminFile[]> {
      const sort = query.sort ?? 'date';
      const listed = await files.listFiles({
        storyId: query.storyId,
        usage: query.usage,
        sort,
        order: query.order ?? defaultSortOrder[sort],
      });
      return listed.map(toAdminFile);
    },

    async getForDownload(id: string) {
      const row = await files.findFile(id);
      if (!row) throw notFound(associationMessages.fileNotFound);
      return row;
    },

    /**
     * Deletes a file. One in use is refused, its uses named, unless the administrator confirmed
     * `detach`: then every use is removed and the record deleted, with their audit entries, in one
     * transaction (the row is locked first, so no use appears meanwhile). The stored object goes
     * only once that has committed: when any step fails nothing changes, and no row or revision
     * ever names a missing object.
     */
    async remove(id: string, options: { detach: boolean }, actor: Actor) {
      const { row, detached } = await transaction(async (tx) => {
        const row = await files.in(tx).lockFile(id);
        if (!row) throw notFound(associationMessages.fileNotFound);
        const uses = await usesOf(tx, id);
        if (uses.length > 0 && !options.detach) {
          throw conflict(fileUseMessages.inUse(row.originalFilename, uses), {
            problems: uses.map(describeFileUse),
            hint: fileUseMessages.inUseHint,
          });
        }
        let detached: Awaited<ReturnType<typeof detachEverywhere>> | null = null;
        if (uses.length > 0) {
          detached = await detachEverywhere(tx, row);
          const left = await usesOf(tx, id);
          // The usage rule and the detaching must agree; a use left behind would 404 after this.
          if (left.length > 0) {
            throw new Error(`detaching left uses: ${left.map(describeFileUse).join('; ')}`);
          }
          await audit.in(tx).record({
            action: 'file_unassociated',
            userId: actor.userId,
            origin: actor.origin,
            details: { ...fileDetails(row), uses: uses.map(describeFileUse), ...detached },
          });
        }
        await files.in(tx).deleteFileRecord(row.id);
        await audit.in(tx).record({
          action: 'file_deleted',
          userId: actor.userId,
          origin: actor.origin,
          details: { ...fileDetails(row), detached_uses: uses.length },
        });
        return { row, detached };
      });
      // Every instance drops what showed the file to visitors: the published story list (read
      // from revisions), the logo and site images.
      if (detached) {
        const { publishedCovers, publishedChapters, logo, siteImages } = detached;
        if (publishedCovers + publishedChapters > 0) await stories.invalidatePublishedList();
        if (logo + siteImages > 0) await site.invalidateSettings();
      }
      await removeObjects([row]);
    },

    /**
     * Clean-up: of the files the administrator confirmed, those still unused (nothing uses them
     * and they are older than UNUSED_AFTER_HOURS) lose their records, with an audit entry each,
     * in one transaction; then their objects go. Files used or uploaded meanwhile are kept.
     */
    async cleanUp(fileIds: string[], actor: Actor): Promise<CleanupFilesResponse> {
      const removed = await transaction(async (tx) => {
        const locked = await files.in(tx).lockFiles(fileIds);
        if (locked.length === 0) return [];
        const unused = await files.in(tx).listFiles({
          ids: locked.map((row) => row.id),
          usage: 'unused',
          sort: 'name',
          order: 'asc',
        });
        const rows = unused.map((file) => file.row);
        await files.in(tx).deleteFileRecords(rows.map((row) => row.id));
        for (const row of rows) {
          await audit.in(tx).record({
            action: 'file_deleted',
            userId: actor.userId,
            origin: actor.origin,
            details: { ...fileDetails(row), reason: 'unused_cleanup' },
          });
        }
        return rows;
      });
      await removeObjects(removed);
      return {
        removed: removed.map((row) => ({ id: row.id, originalFilename: row.originalFilename })),
        kept: fileIds.length - removed.length,
      };
    },

    async associationTargets() {
      const [stories, chapters] = await Promise.all([files.listStories(), files.listChapters()]);
      const byStory = new Map<string, AssociationChapter[]>();
      for (const chapter of chapters) {
        const list = byStory.get(chapter.storyId) ?? [];
        list.push(chapter);
        byStory.set(chapter.storyId, list);
      }
      return stories.map((story) => ({ ...story, chapters: byStory.get(story.id) ?? [] }));
    },

    async associate(chapterId: string, fileIds: string[], actor: Actor) {
      const found = await files.findFiles(fileIds);
      if (found.length !== fileIds.length) throw notFound(associationMessages.fileNotFound);
      const audio = found.filter((file) => roleOf(file) === 'audio');
      const transcripts = found.filter((file) => roleOf(file) === 'transcript');
      const neither = found.find((file) => roleOf(file) === null);
      if (neither) {
        throw badRequest(`${neither.originalFilename} is neither an audio file nor a transcript`);
      }
      if (audio.length > 1 || transcripts.length > 1) {
        throw badRequest('Choose at most one audio file and one transcript');
      }
      // Chapters play from the audios and trans buckets only (src/server/modules/stories).
      if (audio[0] && audio[0].bucketName !== 'audios') {
        throw badRequest('Only files in Audio Files can be a chapter’s audio');
      }
      if (transcripts[0] && transcripts[0].bucketName !== 'trans') {
        throw badRequest('Only files in Transcripts can be a chapter’s transcript');
      }
      const changes: { audioFileId?: string; transcriptFileId?: string; duration?: number } = {};
      if (audio[0]) {
        changes.audioFileId = audio[0].filePath;
        const seconds = await audioDuration(audio[0]);
        if (seconds !== null) changes.duration = seconds;
      }
      if (transcripts[0]) changes.transcriptFileId = transcripts[0].filePath;

      return transaction(async (tx) => {
        // Locked for key share: a delete of these files waits for this link, then sees it.
        const attaching = await files.in(tx).findFilesForAttaching(fileIds);
        if (attaching.length !== fileIds.length) throw notFound(associationMessages.fileNotFound);
        const chapter = await storyRows.in(tx).setChapterFiles(chapterId, changes);
        if (!chapter) throw notFound(associationMessages.chapterNotFound);
        await audit.in(tx).record({
          action: 'files_associated',
          userId: actor.userId,
          origin: actor.origin,
          details: {
            chapter_id: chapterId,
            file_ids: fileIds,
            audio_file_id: changes.audioFileId ?? null,
            transcript_file_id: changes.transcriptFileId ?? null,
          },
        });
        return chapter;
      });
    },

    async unassociate(id: string, actor: Actor) {
      return transaction(async (tx) => {
        const row = await files.in(tx).findFile(id);
        if (!row) throw notFound(associationMessages.fileNotFound);
        const cleared = await storyRows.in(tx).clearChapterFile(row.bucketName, row.filePath);
        if (cleared === 0) throw notFound(associationMessages.noAssociations);
        await audit.in(tx).record({
          action: 'file_unassociated',
          userId: actor.userId,
          origin: actor.origin,
          details: { file_id: row.id, file_path: row.filePath, chapters_cleared: cleared },
        });
        return cleared;
      });
    },
  };
}

export type AdminFilesService = ReturnType<typeof createAdminFilesService>;
