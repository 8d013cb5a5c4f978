import { and, eq, inArray, max, sql } from 'drizzle-orm';
import type { Bucket } from '#shared/files';
import { defineRepository } from '../../db/repository.ts';
import { fileUploads, stories, transcriptVersions } from '../../db/schema.ts';

/** The key under which a stored file's content hash is kept in its file_uploads metadata. */
const HASH_KEY = 'sha256';

/** Imports of one slug are serialised (two at once would both find no story and make two). */
const IMPORT_LOCK_KEY = 7_212_111;

export interface NewPackageFile {
  bucket: Bucket;
  key: string;
  originalFilename: string;
  contentType: string;
  size: number;
  sha256: string;
  uploadedBy: string | null;
  metadata: Record<string, unknown>;
}

/** What importing a story package writes besides the story and its chapters (admin stories'). */
export const createStoryPackagesRepository = defineRepository((db) => ({
  async lockSlug(slug: string) {
    await db.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY}, hashtext(${slug}))`);
  },

  async findStoryIdBySlug(slug: string): Promise<string | undefined> {
    const [row] = await db
      .select({ id: stories.id })
      .from(stories)
      .where(eq(stories.slug, slug))
      .for('update');
    return row?.id;
  },

  /** The position after the last story: where an imported story goes (decision 023). */
  async nextPosition(): Promise<number> {
    const [row] = await db.select({ last: max(stories.position) }).from(stories);
    return (row?.last ?? 0) + 1;
  },

  /**
   * Stored files with this content, by hash: an import stores a file once, however many times
   * its package comes (the newest record when several match).
   */
  async filesByHash(bucket: Bucket, hashes: string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    if (hashes.length === 0) return found;
    const hash = sql<string>`${fileUploads.metadata}->>${HASH_KEY}`;
    const rows = await db
      .select({ hash, filePath: fileUploads.filePath })
      .from(fileUploads)
      .where(and(eq(fileUploads.bucketName, bucket), inArray(hash, hashes)))
      .orderBy(fileUploads.uploadDate);
    for (const row of rows) found.set(row.hash, row.filePath);
    return found;
  },

  async insertFiles(files: NewPackageFile[]) {
    if (files.length === 0) return;
    await db.insert(fileUploads).values(
      files.map((file) => ({
        filename: file.key.split('/').pop()!,
        originalFilename: file.originalFilename,
        fileType: file.contentType,
        fileSize: file.size,
        bucketName: file.bucket,
        filePath: file.key,
        uploadedBy: file.uploadedBy,
        metadata: { ...file.metadata, [HASH_KEY]: file.sha256 },
      })),
    );
  },

  /**
   * The chapter's transcript becomes its newest version (source 'import'). A transcript it had
   * from elsewhere that no version names becomes a version first, so it can be restored.
   */
  async appendTranscriptVersion(
    chapter: { id: string; transcriptFileId: string },
    fileKey: string,
    createdBy: string | null,
  ) {
    const [latest] = await db
      .select({ version: max(transcriptVersions.version) })
      .from(transcriptVersions)
      .where(eq(transcriptVersions.chapterId, chapter.id));
    let version = latest?.version ?? 0;
    if (chapter.transcriptFileId !== '') {
      const [kept] = await db
        .select({ id: transcriptVersions.id })
        .from(transcriptVersions)
        .where(
          and(
            eq(transcriptVersions.chapterId, chapter.id),
            eq(transcriptVersions.fileKey, chapter.transcriptFileId),
          ),
        )
        .limit(1);
      if (!kept) {
        version += 1;
        await db.insert(transcriptVersions).values({
          chapterId: chapter.id,
          version,
          fileKey: chapter.transcriptFileId,
          source: 'upload',
        });
      }
    }
    await db.insert(transcriptVersions).values({
      chapterId: chapter.id,
      version: version + 1,
      fileKey,
      source: 'import',
      createdBy,
    });
  },
}));

export type StoryPackagesRepository = ReturnType<typeof createStoryPackagesRepository>;
