import { z } from 'zod';
import { buckets } from '../files.ts';

/**
 * Admin files (content management: Upload, Files and Associate tabs, and the story wizard's
 * cover, audio and transcript uploads). Routes: src/server/modules/admin-files.
 *
 *   POST   /api/admin/files?bucket=<bucket>   multipart, one `file` field → 201 { file }
 *   GET    /api/admin/files                   → { files } newest first
 *   GET    /api/admin/files/:id/download      the stored bytes, as an attachment
 *   DELETE /api/admin/files/:id               the object, its record and its chapter links
 */
export const bucketSchema = z.enum(buckets);

export const uploadQuerySchema = z.object({ bucket: bucketSchema.default('uploads') }).strict();

export const fileUploadSchema = z.object({
  id: z.uuid(),
  /** The stored name (what chapters reference as audio_file_id / transcript_file_id). */
  filename: z.string(),
  originalFilename: z.string(),
  fileType: z.string(),
  fileSize: z.number().int().nonnegative(),
  bucketName: bucketSchema,
  filePath: z.string(),
  uploadDate: z.iso.datetime(),
  /** Where the file can be opened (public buckets, or the admin-only download otherwise). */
  publicUrl: z.string().nullable(),
});
export type FileUpload = z.infer<typeof fileUploadSchema>;

export const fileUploadResponseSchema = z.object({ file: fileUploadSchema });
export type FileUploadResponse = z.infer<typeof fileUploadResponseSchema>;

/**
 * Upload limits by kind (admin spec, section 5). The server checks size and, by magic bytes, the
 * type; the client checks the same table first to answer at once.
 */
export const uploadRules = {
  audio: {
    bucket: 'audios',
    maxBytes: 100 * 1024 * 1024,
    types: ['audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/mp4', 'audio/x-m4a'],
  },
  transcript: {
    bucket: 'trans',
    maxBytes: 5 * 1024 * 1024,
    types: ['text/plain', 'application/json'],
  },
  image: {
    bucket: 'series-images',
    maxBytes: 10 * 1024 * 1024,
    types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  },
  cover: {
    bucket: 'series-images',
    maxBytes: 5 * 1024 * 1024,
    types: ['image/jpeg', 'image/png', 'image/webp'],
  },
  general: { bucket: 'uploads', maxBytes: 50 * 1024 * 1024, types: [] as string[] },
} as const;
export type UploadKind = keyof typeof uploadRules;
