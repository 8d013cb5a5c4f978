import type { Readable } from 'node:stream';
import { parseBuffer, parseStream } from 'music-metadata';
import {
  associationMessages,
  isPublicBucket,
  uploadKindFor,
  uploadRules,
  type AdminFile,
  type AssociationChapter,
  type FileAssociation,
  type FileUpload,
} from '#shared/contracts/admin-files';
import type { Bucket } from '#shared/files';
import type { TransactionRunner } from '../../db/repository.ts';
import type { Actor } from '../../lib/actor.ts';
import type { AuditLog } from '../../lib/audit-log.repository.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import { checkContent, type IncomingFile } from '../../lib/upload-checks.ts';
import { publicFileUrl } from '../files/public-file-url.ts';
import type { AdminFilesRepository, FileRow } from './admin-files.repository.ts';
import { audioMetadataKeys } from '../../lib/audio-metadata.ts';

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

/** Seconds of audio, rounded, or null when music-metadata cannot tell. */
async function readDuration(source: Buffer | NodeJS.ReadableStream, mimeType: string) {
  try {
    const metadata = Buffer.isBuffer(source)
      ? await parseBuffer(source, { mimeType }, { duration: true, skipCovers: true })
      : await parseStream(source as Readable, { mimeType }, { duration: true, skipCovers: true });
    const seconds = metadata.format.duration;
    return seconds !== undefined && Number.isFinite(seconds) && seconds >= 0
      ? Math.round(seconds)
      : null;
  } catch {
    return null;
  } finally {
    if (!Buffer.isBuffer(source)) (source as Readable).destroy?.();
  }
}

/** Files of the content-management screen: upload, list, download, delete, chapter links. */
export function createAdminFilesService(deps: {
  files: AdminFilesRepository;
  fileStore: FileStore;
  storage: ObjectStorage;
  transaction: TransactionRunner;
  audit: AuditLog;
}) {
  const { files, fileStore, storage, transaction, audit } = deps;

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
        ? await readDuration(file.buffer, file.contentType)
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

    async list(): Promise<AdminFile[]> {
      const [rows, linked] = await Promise.all([files.listFiles(), files.listLinkedChapters()]);
      const byKey = new Map<string, FileAssociation[]>();
      const add = (key: string, association: FileAssociation) => {
        const list = byKey.get(key) ?? [];
        list.push(association);
        byKey.set(key, list);
      };
      for (const chapter of linked) {
        const base = {
          storyId: chapter.storyId,
          storyTitle: chapter.storyTitle,
          chapterId: chapter.chapterId,
          chapterTitle: chapter.chapterTitle,
        };
        if (chapter.audioFileId) add(`audios/${chapter.audioFileId}`, { ...base, role: 'audio' });
        if (chapter.transcriptFileId) {
          add(`trans/${chapter.transcriptFileId}`, { ...base, role: 'transcript' });
        }
      }
      return rows.map((row) => ({
        ...toFileUpload(row),
        associations: byKey.get(`${row.bucketName}/${row.filePath}`) ?? [],
      }));
    },

    async getForDownload(id: string) {
      const row = await files.findFile(id);
      if (!row) throw notFound(associationMessages.fileNotFound);
      return row;
    },

    /**
     * Chapter links and the record go in one transaction whose last step removes the object: when
     * any step fails nothing changes, so no row ever points at a missing object.
     */
    async remove(id: string, actor: Actor) {
      await transaction(async (tx) => {
        const row = await files.in(tx).findFile(id);
        if (!row) throw notFound(associationMessages.fileNotFound);
        const cleared = await files.in(tx).clearReferences(row.bucketName, row.filePath);
        await files.in(tx).deleteFileRecord(row.id);
        await audit.in(tx).record({
          action: 'file_deleted',
          userId: actor.userId,
          origin: actor.origin,
          details: {
            file_id: row.id,
            bucket: row.bucketName,
            file_path: row.filePath,
            original_filename: row.originalFilename,
            chapters_cleared: cleared,
          },
        });
        await storage.delete(row.bucketName, row.filePath);
      });
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
        const chapter = await files.in(tx).updateChapterFiles(chapterId, changes);
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
        const cleared = await files.in(tx).clearReferences(row.bucketName, row.filePath);
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
