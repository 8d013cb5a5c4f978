import { asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { defineRepository } from '../../db/repository.ts';
import { chapters, fileUploads, stories } from '../../db/schema.ts';
import { audioMetadataKeys } from '../../lib/audio-metadata.ts';

export type FileRow = typeof fileUploads.$inferSelect;

const chapterColumns = {
  id: chapters.id,
  storyId: chapters.storyId,
  title: chapters.title,
  position: chapters.position,
  audioFileId: chapters.audioFileId,
  transcriptFileId: chapters.transcriptFileId,
  duration: chapters.duration,
};

/** The files screen: upload records, and the chapters that reference stored objects. */
export const createAdminFilesRepository = defineRepository((db) => ({
  listFiles() {
    return db
      .select()
      .from(fileUploads)
      .orderBy(desc(fileUploads.uploadDate), desc(fileUploads.id));
  },

  async findFile(id: string): Promise<FileRow | undefined> {
    const [row] = await db.select().from(fileUploads).where(eq(fileUploads.id, id));
    return row;
  },

  findFiles(ids: string[]) {
    return db.select().from(fileUploads).where(inArray(fileUploads.id, ids));
  },

  /** Chapters that reference any audio or transcript, with their story's title. */
  listLinkedChapters() {
    return db
      .select({
        chapterId: chapters.id,
        chapterTitle: chapters.title,
        audioFileId: chapters.audioFileId,
        transcriptFileId: chapters.transcriptFileId,
        storyId: stories.id,
        storyTitle: stories.title,
      })
      .from(chapters)
      .innerJoin(stories, eq(stories.id, chapters.storyId))
      .where(or(ne(chapters.audioFileId, ''), ne(chapters.transcriptFileId, '')))
      .orderBy(asc(stories.position), asc(stories.title), asc(chapters.position));
  },

  listStories() {
    return db
      .select({ id: stories.id, title: stories.title })
      .from(stories)
      .orderBy(asc(stories.position), asc(stories.title));
  },

  listChapters() {
    return db
      .select(chapterColumns)
      .from(chapters)
      .orderBy(asc(chapters.storyId), asc(chapters.position));
  },

  async updateChapterFiles(
    chapterId: string,
    changes: { audioFileId?: string; transcriptFileId?: string; duration?: number },
  ) {
    const [row] = await db
      .update(chapters)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(chapters.id, chapterId))
      .returning(chapterColumns);
    return row;
  },

  /**
   * Clears every chapter reference to an object key: audio links for the audios bucket,
   * transcript links for trans (chapters never reference the other buckets). Returns how many
   * chapters changed.
   */
  async clearReferences(bucket: FileRow['bucketName'], key: string): Promise<number> {
    if (bucket === 'audios') {
      const rows = await db
        .update(chapters)
        .set({ audioFileId: '', updatedAt: new Date() })
        .where(eq(chapters.audioFileId, key))
        .returning({ id: chapters.id });
      return rows.length;
    }
    if (bucket === 'trans') {
      const rows = await db
        .update(chapters)
        .set({ transcriptFileId: '', updatedAt: new Date() })
        .where(eq(chapters.transcriptFileId, key))
        .returning({ id: chapters.id });
      return rows.length;
    }
    return 0;
  },

  async deleteFileRecord(id: string): Promise<boolean> {
    const rows = await db
      .delete(fileUploads)
      .where(eq(fileUploads.id, id))
      .returning({ id: fileUploads.id });
    return rows.length > 0;
  },

  /** Remembers an audio file's duration on its record, once read. */
  async saveDuration(id: string, seconds: number) {
    await db
      .update(fileUploads)
      .set({
        metadata: sql`${fileUploads.metadata} || jsonb_build_object(${audioMetadataKeys.durationSeconds}::text, ${seconds}::int)`,
      })
      .where(eq(fileUploads.id, id));
  },
}));

export type AdminFilesRepository = ReturnType<typeof createAdminFilesRepository>;
