import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { chapters, fileUploads, stories } from '../../db/schema.ts';

export type FileRow = typeof fileUploads.$inferSelect;

export const listFiles = (db: DbExecutor) =>
  db.select().from(fileUploads).orderBy(desc(fileUploads.uploadDate), desc(fileUploads.id));

export async function findFile(db: DbExecutor, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(fileUploads).where(eq(fileUploads.id, id));
  return row;
}

export const findFiles = (db: DbExecutor, ids: string[]) =>
  db.select().from(fileUploads).where(inArray(fileUploads.id, ids));

/** Chapters that reference any audio or transcript, with their story's title. */
export const listLinkedChapters = (db: DbExecutor) =>
  db
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

const chapterColumns = {
  id: chapters.id,
  storyId: chapters.storyId,
  title: chapters.title,
  position: chapters.position,
  audioFileId: chapters.audioFileId,
  transcriptFileId: chapters.transcriptFileId,
  duration: chapters.duration,
};

export const listStories = (db: DbExecutor) =>
  db
    .select({ id: stories.id, title: stories.title })
    .from(stories)
    .orderBy(asc(stories.position), asc(stories.title));

export const listChapters = (db: DbExecutor) =>
  db.select(chapterColumns).from(chapters).orderBy(asc(chapters.storyId), asc(chapters.position));

export async function updateChapterFiles(
  db: DbExecutor,
  chapterId: string,
  changes: { audioFileId?: string; transcriptFileId?: string; duration?: number },
) {
  const [row] = await db
    .update(chapters)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(chapters.id, chapterId))
    .returning(chapterColumns);
  return row;
}

/**
 * Clears every chapter reference to an object key: audio links for the audios bucket, transcript
 * links for trans (chapters never reference the other buckets). Returns how many chapters changed.
 */
export async function clearReferences(
  db: DbExecutor,
  bucket: FileRow['bucketName'],
  key: string,
): Promise<number> {
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
}

export async function deleteFileRecord(db: DbExecutor, id: string): Promise<boolean> {
  const rows = await db
    .delete(fileUploads)
    .where(eq(fileUploads.id, id))
    .returning({ id: fileUploads.id });
  return rows.length > 0;
}

/** Remembers an audio file's duration on its record, once read. */
export async function saveDuration(db: DbExecutor, id: string, seconds: number) {
  await db
    .update(fileUploads)
    .set({
      metadata: sql`${fileUploads.metadata} || jsonb_build_object('duration_seconds', ${seconds}::int)`,
    })
    .where(and(eq(fileUploads.id, id)));
}
