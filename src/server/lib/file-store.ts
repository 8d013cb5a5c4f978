import type { Bucket } from '#shared/files';
import type { DbExecutor } from '../db/client.ts';
import type { TransactionRunner } from '../db/repository.ts';
import type { FileUploadRow, FileUploadsRepository } from './file-uploads.repository.ts';
import { generateObjectKey, type ObjectStorage } from './storage/storage.ts';
import type { CheckedFile } from './upload-checks.ts';

export interface StoreTarget {
  bucket: Bucket;
  /** A folder of the bucket (`avatars/<user id>`); the key ends in a fresh year/month/uuid name. */
  keyPrefix?: string;
  uploadedBy: string;
  /** The object's public address, kept in the record (public buckets only). */
  publicUrl?: (key: string) => string;
  /** More facts about the file for its record (an audio file's duration…). */
  metadata?: Record<string, unknown>;
}

/**
 * Where checked uploads go: the object into storage, its file_uploads record into the database.
 * The object is put first, then the record is written in one transaction with the caller's own
 * writes (`alongside`: an audit entry, the profile's new avatar…). When any step fails the
 * transaction rolls back and the object is removed again: a failed upload leaves no stray object
 * or record.
 */
export function createFileStore(deps: {
  files: FileUploadsRepository;
  storage: ObjectStorage;
  transaction: TransactionRunner;
}) {
  const { files, storage, transaction } = deps;
  return {
    async store<T>(
      file: CheckedFile,
      target: StoreTarget,
      alongside: (row: FileUploadRow, tx: DbExecutor) => Promise<T>,
    ): Promise<T> {
      const name = generateObjectKey(file.originalFilename);
      const key = target.keyPrefix ? `${target.keyPrefix}/${name}` : name;
      await storage.put(target.bucket, key, file.buffer, file.contentType);
      try {
        return await transaction(async (tx) => {
          const row = await files.in(tx).insert({
            filename: key.split('/').pop()!,
            originalFilename: file.originalFilename,
            fileType: file.contentType,
            fileSize: file.buffer.length,
            bucketName: target.bucket,
            filePath: key,
            uploadedBy: target.uploadedBy,
            metadata: {
              ...(target.publicUrl ? { public_url: target.publicUrl(key) } : {}),
              ...target.metadata,
            },
          });
          return alongside(row, tx);
        });
      } catch (error) {
        await storage.delete(target.bucket, key).catch(() => undefined);
        throw error;
      }
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
