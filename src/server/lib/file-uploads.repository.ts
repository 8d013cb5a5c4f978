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
}));

export type FileUploadsRepository = ReturnType<typeof createFileUploadsRepository>;
