import { and, asc, eq, inArray, isNotNull, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ChapterQuestion } from '#shared/contracts/comprehension';
import type { Bucket } from '#shared/files';
import type { DbExecutor } from '../../db/client.ts';
import { defineRepository } from '../../db/repository.ts';
import { chapters, fileUploads, stories, type PublishedRevision } from '../../db/schema.ts';
import {
  associationChapterColumns,
  namesFileByUrl,
  type FileRow,
} from '../admin-files/admin-files.repository.ts';
import {
  findStoryById,
  listStoriesWithChapters,
  type ChapterRow,
  type StoryRow,
  type StoryWithChapters,
} from '../stories/stories.repository.ts';
import { chapterSecondsFromMetadata } from '../../lib/audio-metadata.ts';

export type StoryValues = Pick<
  typeof stories.$inferInsert,
  'title' | 'description' | 'language' | 'level' | 'imageUrl' | 'newWordsCount'
>;

/** A new story: a draft unless it says otherwise (the demo library's are published). */
export type NewStory = StoryValues &
  Pick<typeof stories.$inferInsert, 'slug' | 'position'> &
  Partial<Pick<typeof stories.$inferInsert, 'requiresLogin' | 'status' | 'publishedAt'>>;

export type ChapterValues = Pick<
  typeof chapters.$inferInsert,
  'title' | 'position' | 'duration' | 'audioFileId' | 'transcriptFileId'
>;

/** A new chapter: its files, and the comprehension questions it comes with (none by default). */
export type NewChapter = ChapterValues & { questions?: ChapterQuestion[] };

/** Chapters name their audio (bucket audios) and transcript (bucket trans) by object key. */
const chapterFileFields: Partial<Record<Bucket, 'audioFileId' | 'transcriptFileId'>> = {
  audios: 'audioFileId',
  trans: 'transcriptFileId',
};

/** Clears every chapter reference to an object key; how many chapters changed. */
async function clearChapterReferences(db: DbExecutor, bucket: Bucket, key: string) {
  const field = chapterFileFields[bucket];
  if (!field) return 0;
  const rows = await db
    .update(chapters)
    .set({ [field]: '', updatedAt: sql`now()` })
    .where(eq(chapters[field], key))
    .returning({ id: chapters.id });
  return rows.length;
}

/**
 * Story management of the content screen (drafts included, chapters with them), and THE writer of
 * story and chapter rows: the wizard, publishing, the order, the studio's transcripts, the files
 * screen's links and detaching, story packages and the demo library all write them through this
 * repository (decision 058; lint refuses a write to `stories` or `chapters` anywhere else).
 */
export const createAdminStoriesRepository = defineRepository((db) => ({
  /** Every story, drafts included, by position (then age), with chapters by position. */
  listAllStories() {
    return listStoriesWithChapters(db, { includeDrafts: true });
  },

  findAnyStory(id: string): Promise<StoryWithChapters | undefined> {
    return findStoryById(db, id, { includeDrafts: true });
  },

  /** Whether another story already has this title (compared without case). */
  async titleTaken(title: string, exceptId?: string) {
    const rows = await db
      .select({ id: stories.id })
      .from(stories)
      .where(
        and(
          sql`lower(${stories.title}) = lower(${title})`,
          exceptId ? ne(stories.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return rows.length > 0;
  },

  /** Slugs equal to the base or numbered from it (base-2, base-3…). */
  async slugsLike(base: string): Promise<Set<string>> {
    const rows = await db
      .select({ slug: stories.slug })
      .from(stories)
      .where(or(eq(stories.slug, base), like(stories.slug, `${base}-%`)));
    return new Set(rows.map((row) => row.slug));
  },

  /** Stories are placed by the service (decision 023): `position` is where the new one goes. */
  async insertStory(values: NewStory): Promise<StoryRow> {
    const [row] = await db
      .insert(stories)
      .values({ status: 'draft', ...values })
      .returning();
    return row!;
  },

  /** The story's row after the update (its revision tells which chapters learners see). */
  async updateStory(id: string, values: StoryValues) {
    const [row] = await db
      .update(stories)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(stories.id, id))
      .returning({ id: stories.id, publishedRevision: stories.publishedRevision });
    return row;
  },

  /** Holds the story's row until the transaction ends (publishing against concurrent saves). */
  async lockStory(id: string) {
    const [row] = await db
      .select({ id: stories.id })
      .from(stories)
      .where(eq(stories.id, id))
      .for('update');
    return row !== undefined;
  },

  async saveRevision(id: string, revision: PublishedRevision) {
    await db
      .update(stories)
      .set({ publishedRevision: revision, updatedAt: sql`now()` })
      .where(eq(stories.id, id));
  },

  /** A draft published as it is, at `at`: learners see this revision (the demo library's). */
  async publishAs(id: string, revision: PublishedRevision, at: Date) {
    await db
      .update(stories)
      .set({ status: 'published', publishedAt: at, publishedRevision: revision, updatedAt: at })
      .where(eq(stories.id, id));
  },

  /** The story's chapter rows, removed ones too, by position. */
  async chapterIdsOf(storyId: string) {
    const rows = await db
      .select({
        id: chapters.id,
        title: chapters.title,
        audioFileId: chapters.audioFileId,
        transcriptFileId: chapters.transcriptFileId,
        duration: chapters.duration,
        removedAt: chapters.removedAt,
      })
      .from(chapters)
      .where(eq(chapters.storyId, storyId))
      .orderBy(asc(chapters.position), asc(chapters.createdAt), asc(chapters.id));
    return rows;
  },

  /**
   * The story's chapters take positions 1..n: the working copy's first, in their order, then the
   * removed ones that learners still see until the next publish (decision 023). Run after every
   * change to a story's chapters, in its transaction (the unique constraint is checked at commit).
   */
  async renumberChapters(storyId: string) {
    await db.execute(sql`
      update ${chapters} as c set position = ordered.n
      from (
        select id, row_number() over (
          order by (removed_at is not null), position, created_at, id
        ) as n
        from ${chapters} where story_id = ${storyId}
      ) as ordered
      where c.id = ordered.id and c.position <> ordered.n`);
  },

  /** The new chapters' rows. */
  async insertChapters(storyId: string, rows: NewChapter[]): Promise<ChapterRow[]> {
    if (rows.length === 0) return [];
    return db
      .insert(chapters)
      .values(rows.map((row) => ({ ...row, storyId })))
      .returning();
  },

  /** A chapter the wizard sends back is in the working copy again, even if it was removed. */
  async updateChapter(id: string, values: ChapterValues) {
    await db
      .update(chapters)
      .set({ ...values, removedAt: null, updatedAt: sql`now()` })
      .where(eq(chapters.id, id));
  },

  /** The studio's newest transcript version, and the recording's length when it was measured. */
  async setChapterTranscript(id: string, transcriptFileId: string, duration?: number) {
    await db
      .update(chapters)
      .set({
        transcriptFileId,
        ...(duration === undefined ? {} : { duration }),
        updatedAt: sql`now()`,
      })
      .where(eq(chapters.id, id));
  },

  /** The working copy's comprehension questions, replaced whole (decision 069). */
  async setChapterQuestions(id: string, questions: ChapterQuestion[]) {
    await db
      .update(chapters)
      .set({ questions, updatedAt: sql`now()` })
      .where(eq(chapters.id, id));
  },

  /** The files screen links an audio file or a transcript to a chapter; its row after. */
  async setChapterFiles(
    id: string,
    changes: { audioFileId?: string; transcriptFileId?: string; duration?: number },
  ) {
    const [row] = await db
      .update(chapters)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(chapters.id, id))
      .returning(associationChapterColumns);
    return row;
  },

  /** Clears every chapter reference to an object key; how many chapters changed. */
  clearChapterFile(bucket: Bucket, key: string): Promise<number> {
    return clearChapterReferences(db, bucket, key);
  },

  /**
   * Removes an upload from the stories and chapters that use it (the files screen's confirmed
   * delete; the usage rule is admin-files.repository's fileUses): chapters lose it, a published
   * revision drops the chapters that played it (a revision only holds chapters with audio and a
   * transcript) or its cover. Counts per kind of change.
   */
  async detachFile(file: Pick<FileRow, 'id' | 'bucketName' | 'filePath'>) {
    const count = async (query: SQL) => (await db.execute(query)).rowCount ?? 0;
    const key = file.filePath;
    const revisionField = chapterFileFields[file.bucketName];
    const byUrl = (statement: (match: (column: SQL) => SQL) => SQL) =>
      count(statement((column) => sql`fu.id = ${file.id} and ${namesFileByUrl(column)}`));
    return {
      chapters: await clearChapterReferences(db, file.bucketName, key),
      publishedChapters: revisionField
        ? await count(sql`
            update ${stories} s set published_revision = jsonb_set(s.published_revision, '{chapters}',
              coalesce((
                select jsonb_agg(pc order by ord)
                from jsonb_array_elements(s.published_revision->'chapters') with ordinality e(pc, ord)
                where pc->>${revisionField}::text is distinct from ${key}
              ), '[]'::jsonb))
            where s.published_revision is not null and exists (
              select 1 from jsonb_array_elements(s.published_revision->'chapters') pc
              where pc->>${revisionField}::text = ${key}
            )`)
        : 0,
      covers: await byUrl(
        (match) => sql`update ${stories} s set image_url = null, updated_at = now()
          from file_uploads fu where ${match(sql`s.image_url`)}`,
      ),
      publishedCovers: await byUrl(
        (match) => sql`update ${stories} s
          set published_revision = jsonb_set(s.published_revision, '{imageUrl}', 'null'::jsonb)
          from file_uploads fu where ${match(sql`(s.published_revision->>'imageUrl')`)}`,
      ),
    };
  },

  async deleteChapters(ids: string[]) {
    if (ids.length === 0) return;
    await db.delete(chapters).where(inArray(chapters.id, ids));
  },

  /** Out of the working copy, still served to learners until the next publish (decision 021). */
  async markChaptersRemoved(ids: string[]) {
    if (ids.length === 0) return;
    await db
      .update(chapters)
      .set({ removedAt: sql`coalesce(${chapters.removedAt}, now())`, updatedAt: sql`now()` })
      .where(inArray(chapters.id, ids));
  },

  /** The removed chapters go at publish, with learners' progress and bookmarks on them. */
  async deleteRemovedChapters(storyId: string) {
    const rows = await db
      .delete(chapters)
      .where(and(eq(chapters.storyId, storyId), isNotNull(chapters.removedAt)))
      .returning({ id: chapters.id });
    return rows.length;
  },

  /**
   * Of the given names, those that name an upload in the bucket (by its stored file name or its
   * file_path), each with the upload's file_path: the storage key chapters keep. A name equal to a
   * file_path resolves to that upload; a file name shared by several uploads to the newest one.
   */
  async existingFilePaths(bucket: Bucket, names: string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    if (names.length === 0) return found;
    const rows = await db
      .select({ filename: fileUploads.filename, filePath: fileUploads.filePath })
      .from(fileUploads)
      .where(
        and(
          eq(fileUploads.bucketName, bucket),
          or(inArray(fileUploads.filename, names), inArray(fileUploads.filePath, names)),
        ),
      )
      .orderBy(asc(fileUploads.uploadDate), asc(fileUploads.id))
      // In a save's transaction: a file being attached cannot be deleted until the save commits
      // (the files service deletes under FOR UPDATE and then sees the new use).
      .for('key share');
    for (const row of rows) found.set(row.filename, row.filePath);
    for (const row of rows) found.set(row.filePath, row.filePath);
    return found;
  },

  /** Each audio upload's length in whole seconds as its record knows it (null when unknown). */
  async audioSeconds(keys: string[]): Promise<Map<string, number | null>> {
    const found = new Map<string, number | null>();
    if (keys.length === 0) return found;
    const rows = await db
      .select({ filePath: fileUploads.filePath, metadata: fileUploads.metadata })
      .from(fileUploads)
      .where(and(eq(fileUploads.bucketName, 'audios'), inArray(fileUploads.filePath, keys)));
    for (const row of rows) found.set(row.filePath, chapterSecondsFromMetadata(row.metadata));
    return found;
  },

  /**
   * published ⇄ draft in one statement. Publishing keeps the first publication date (set only when
   * none is stored; see docs/decisions/014-admin-story-chapters.md).
   */
  async toggleStatus(id: string) {
    const [row] = await db
      .update(stories)
      .set({
        status: sql`case when ${stories.status} = 'published' then 'draft' else 'published' end::story_status`,
        publishedAt: sql`case when ${stories.status} = 'draft' then coalesce(${stories.publishedAt}, now()) else ${stories.publishedAt} end`,
        updatedAt: sql`now()`,
      })
      .where(eq(stories.id, id))
      .returning({
        id: stories.id,
        status: stories.status,
        title: stories.title,
        hasRevision: sql<boolean>`${stories.publishedRevision} is not null`,
      });
    return row;
  },

  async toggleRequiresLogin(id: string) {
    const [row] = await db
      .update(stories)
      .set({ requiresLogin: sql`not ${stories.requiresLogin}`, updatedAt: sql`now()` })
      .where(eq(stories.id, id))
      .returning({ id: stories.id, title: stories.title, requiresLogin: stories.requiresLogin });
    return row;
  },

  /**
   * Until the transaction ends, no other transaction adds, deletes, moves or edits a story (plain
   * reads go on). Every change to the order takes it first, before writing anything, so two
   * administrators' moves run one after the other (decision 023).
   */
  async lockStoryOrder() {
    await db.execute(sql`lock table ${stories} in share row exclusive mode`);
  },

  /** Every story in library order (ties, which the constraint forbids, by age then id). */
  storyOrder() {
    return db
      .select({ id: stories.id, position: stories.position, title: stories.title })
      .from(stories)
      .orderBy(asc(stories.position), asc(stories.createdAt), asc(stories.id));
  },

  /** The stories take positions 1..n in this order (every story's id, once). */
  async setStoryOrder(ids: readonly string[]) {
    if (ids.length === 0) return;
    await db.execute(sql`
      update ${stories} as s set position = ordered.n
      from unnest(${sql.param([...ids])}::uuid[]) with ordinality as ordered(id, n)
      where s.id = ordered.id and s.position <> ordered.n`);
  },

  /**
   * Of these stored image keys, those whose upload record still exists (the files screen deletes
   * the record with the object).
   */
  async storedImages(images: readonly { bucket: Bucket; key: string }[]): Promise<Set<string>> {
    const found = new Set<string>();
    if (images.length === 0) return found;
    const rows = await db
      .select({ bucket: fileUploads.bucketName, key: fileUploads.filePath })
      .from(fileUploads)
      .where(
        inArray(
          fileUploads.filePath,
          images.map((image) => image.key),
        ),
      );
    const wanted = new Set(images.map((image) => `${image.bucket}/${image.key}`));
    for (const row of rows) {
      const id = `${row.bucket}/${row.key}`;
      if (wanted.has(id)) found.add(id);
    }
    return found;
  },

  /** Chapters go with the story, and their progress and bookmarks with them (ON DELETE CASCADE). */
  async deleteStory(id: string) {
    const [row] = await db
      .delete(stories)
      .where(eq(stories.id, id))
      .returning({ id: stories.id, title: stories.title, slug: stories.slug });
    return row;
  },
}));

export type AdminStoriesRepository = ReturnType<typeof createAdminStoriesRepository>;
