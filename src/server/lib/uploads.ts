import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Bucket } from '#shared/files';
import type { DbExecutor } from '../db/client.ts';
import { fileUploads } from '../db/schema.ts';
import { badRequest, payloadTooLarge, unsupportedMediaType } from './errors.ts';
import { generateObjectKey, type ObjectStorage } from './storage/storage.ts';

export interface UploadRule {
  maxBytes: number;
  /** MIME types accepted, checked against the file's magic bytes, not only its declared type. */
  allowedTypes: readonly string[];
}

export interface ReceivedFile {
  buffer: Buffer;
  originalFilename: string;
  /** The type its content shows (magic bytes). */
  contentType: string;
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/**
 * Reads one multipart file and checks it before anything is stored: size (the stream is cut at
 * the limit, so a longer file is refused rather than silently truncated), name, and type by
 * magic bytes.
 */
export async function receiveFile(
  request: FastifyRequest,
  rule: UploadRule,
): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw unsupportedMediaType('Send the file as multipart/form-data');
  const file = await request.file({ limits: { fileSize: rule.maxBytes, files: 1, fields: 5 } });
  if (!file) throw badRequest('No file was sent');
  const buffer = await file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw payloadTooLarge(`File size exceeds ${megabytes(rule.maxBytes)}MB limit`);
    }
    throw error;
  });
  if (file.file.truncated)
    throw payloadTooLarge(`File size exceeds ${megabytes(rule.maxBytes)}MB limit`);
  if (buffer.length === 0) throw badRequest('File is empty');
  const name = file.filename ?? '';
  if (name.length === 0 || name.length > 255) throw badRequest('Invalid file name length');
  if (name.includes('\0')) throw badRequest('Invalid characters in file name');
  const detected = await fileTypeFromBuffer(buffer);
  if (!detected || !rule.allowedTypes.includes(detected.mime)) {
    throw unsupportedMediaType(
      rule.allowedTypes.includes(file.mimetype)
        ? 'File content does not match declared type'
        : 'File type not allowed',
    );
  }
  return { buffer, originalFilename: name, contentType: detected.mime };
}

/**
 * Stores a checked file and records it in file_uploads. When the record cannot be written the
 * stored object is removed again: a failed step leaves no stray file or row.
 */
export async function storeFile(
  db: DbExecutor,
  storage: ObjectStorage,
  file: ReceivedFile,
  options: {
    bucket: Bucket;
    keyPrefix?: string;
    uploadedBy: string | null;
    publicUrl?: (key: string) => string;
  },
) {
  const key = `${options.keyPrefix ? `${options.keyPrefix}/` : ''}${generateObjectKey(file.originalFilename)}`;
  await storage.put(options.bucket, key, file.buffer, file.contentType);
  try {
    const [row] = await db
      .insert(fileUploads)
      .values({
        filename: key.split('/').pop()!,
        originalFilename: file.originalFilename,
        fileType: file.contentType,
        fileSize: file.buffer.length,
        bucketName: options.bucket,
        filePath: key,
        uploadedBy: options.uploadedBy,
        metadata: options.publicUrl ? { public_url: options.publicUrl(key) } : {},
      })
      .returning();
    return row!;
  } catch (error) {
    await storage.delete(options.bucket, key).catch(() => undefined);
    throw error;
  }
}
