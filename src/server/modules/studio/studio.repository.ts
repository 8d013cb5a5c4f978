import { and, desc, eq, isNull, max, sql } from 'drizzle-orm';
import type { TranscriptVersionSource } from '#shared/contracts/studio';
import { defineRepository } from '../../db/repository.ts';
import { chapters, fileUploads, stories, transcriptVersions, users } from '../../db/schema.ts';
import { audioMetadataKeys } from '../../lib/audio-metadata.ts';

/** A chapter as the studio sees it: the working copy, drafts included, removed ones not. */
export interface StudioChapterRow {
  id: string;
  storyId: string;
  storyTitle: string;
  title: string;
  position: number;
  duration: number | null;
  audioFileId: string;
  transcriptFileId: string;
}

export type TranscriptVersionRow = typeof transcriptVersions.$inferSelect;

export interface NewTranscriptVersion {
  chapterId: string;
  version: number;
  fileKey: string;
  source: TranscriptVersionSource;
  note: string | null;
  createdBy: string | null;
}

/** The exact decoded length, kept with the audio file's record (lib/audio measures it). */
const DECODED_SECONDS = audioMetadataKeys.decodedSeconds;

const chapterColumns = {
  id: chapters.id,
  storyId: chapters.storyId,
  storyTitle: stories.title,
  title: chapters.title,
  position: chapters.position,
  duration: chapters.duration,
  audioFileId: chapters.audioFileId,
  transcriptFileId: chapters.transcriptFileId,
};

/** The studio's SQL: chapters' working copies, their transcript versions, audio lengths. */
export const createStudioRepository = defineRepository((db) => ({
  async findChapter(id: string): Promise<StudioChapterRow | undefined> {
    const [row] = await db
      .select(chapterColumns)
      .from(chapters)
      .innerJoin(stories, eq(stories.id, chapters.storyId))
      .where(and(eq(chapters.id, id), isNull(chapters.removedAt)))
      .limit(1);
    return row;
  },

  /** The chapter, locked until the transaction ends: versions are numbered one at a time. */
  async lockChapter(id: string): Promise<StudioChapterRow | undefined> {
    const [row] = await db
      .select(chapterColumns)
      .from(chapters)
      .innerJoin(stories, eq(stories.id, chapters.storyId))
      .where(and(eq(chapters.id, id), isNull(chapters.removedAt)))
      .limit(1)
      .for('update', { of: chapters });
    return row;
  },

  /** The version whose file the chapter points at (null: the file came from elsewhere). */
  async findVersionByFile(
    chapterId: string,
    fileKey: string,
  ): Promise<TranscriptVersionRow | undefined> {
    const [row] = await db
      .select()
      .from(transcriptVersions)
      .where(
        and(eq(transcriptVersions.chapterId, chapterId), eq(transcriptVersions.fileKey, fileKey)),
      )
      .orderBy(desc(transcriptVersions.version))
      .limit(1);
    return row;
  },

  async findVersion(chapterId: string, version: number): Promise<TranscriptVersionRow | undefined> {
    const [row] = await db
      .select()
      .from(transcriptVersions)
      .where(
        and(eq(transcriptVersions.chapterId, chapterId), eq(transcriptVersions.version, version)),
      )
      .limit(1);
    return row;
  },

  async latestVersionNumber(chapterId: string): Promise<number> {
    const [row] = await db
      .select({ latest: max(transcriptVersions.version) })
      .from(transcriptVersions)
      .where(eq(transcriptVersions.chapterId, chapterId));
    return row?.latest ?? 0;
  },

  async insertVersion(values: NewTranscriptVersion): Promise<TranscriptVersionRow> {
    const [row] = await db.insert(transcriptVersions).values(values).returning();
    return row!;
  },

  /** Newest first, with who saved each (their name, else their email). */
  listVersions(chapterId: string) {
    return db
      .select({
        version: transcriptVersions.version,
        source: transcriptVersions.source,
        note: transcriptVersions.note,
        createdAt: transcriptVersions.createdAt,
        createdBy: sql<string | null>`coalesce(nullif(trim(${users.name}), ''), ${users.email})`,
      })
      .from(transcriptVersions)
      .leftJoin(users, eq(users.id, transcriptVersions.createdBy))
      .where(eq(transcriptVersions.chapterId, chapterId))
      .orderBy(desc(transcriptVersions.version));
  },

  /** The decoded length of an audio file, when it was measured before (by any instance). */
  async findDecodedSeconds(key: string): Promise<number | undefined> {
    const [row] = await db
      .select({ seconds: sql<unknown>`${fileUploads.metadata} -> ${DECODED_SECONDS}` })
      .from(fileUploads)
      .where(and(eq(fileUploads.bucketName, 'audios'), eq(fileUploads.filePath, key)))
      .limit(1);
    return typeof row?.seconds === 'number' ? row.seconds : undefined;
  },

  async saveDecodedSeconds(key: string, seconds: number): Promise<void> {
    await db
      .update(fileUploads)
      .set({
        metadata: sql`${fileUploads.metadata} || jsonb_build_object(${DECODED_SECONDS}::text, ${seconds}::float8)`,
      })
      .where(and(eq(fileUploads.bucketName, 'audios'), eq(fileUploads.filePath, key)));
  },
}));

export type StudioRepository = ReturnType<typeof createStudioRepository>;
