import { and, eq } from 'drizzle-orm';
import type { Bucket } from '#shared/files';
import { defineRepository } from '../db/repository.ts';
import { fileUploads } from '../db/schema.ts';

export type FileUploadRow = typeof fileUploads.$inferSelect;
export type NewFileUpload = typeof fileUploads.$inferInsert;

/** The file_uploads records of stored objects (what was uploaded, by whom, where it is kept). */
export const createFileUploadsRepository = defineRepository((db) => ({
  async insert(values: NewFileUpload): Promise<FileUploadRow> {
    const [row] = await db.insert(fileUploads).values(values).returning();
    return row!;
  },

  /** Records of objects stored together (the demo library); a record already kept stays. */
  async insertMany(values: NewFileUpload[]): Promise<void> {
    if (values.length === 0) return;
    await db.insert(fileUploads).values(values).onConflictDoNothing();
  },

  /** Forgets the record of an object that is being removed (a replaced avatar). */
  async removeByKey(bucket: Bucket, key: string): Promise<void> {
    await db
      .delete(fileUploads)
      .where(and(eq(fileUploads.bucketName, bucket), eq(fileUploads.filePath, key)));
  },
}));

export type FileUploadsRepository = ReturnType<typeof createFileUploadsRepository>;
