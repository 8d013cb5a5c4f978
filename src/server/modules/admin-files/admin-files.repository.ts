import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  UNUSED_AFTER_HOURS,
  type FileSort,
  type FileUsageFilter,
  type FileUse,
  type SortOrder,
} from '#shared/contracts/admin-files';
import { defineRepository } from '../../db/repository.ts';
import { chapters, fileUploads, stories } from '../../db/schema.ts';
import { audioMetadataKeys } from '../../lib/audio-metadata.ts';

export type FileRow = typeof fileUploads.$inferSelect;

/**
 * Whether a column holding an address names the upload `fu` (a row of file_uploads): the address
 * it is served at (modules/files/public-file-url.ts: /api/files/<bucket>/<key>) or the public URL
 * its record keeps. Covers, the logo, home page images and avatars name files this way.
 */
export const namesFileByUrl = (column: SQL) =>
  sql`${column} in ('/api/files/' || fu.bucket_name || '/' || fu.file_path, fu.metadata->>'public_url')`;

/**
 * Where stored files are used: THE rule (decision 022), one row per use of each upload matched
 * by `filter` (a condition on `fu`). Chapters name their audio (bucket audios) and transcript
 * (bucket trans) by object key, in the working copy (chapters) and in the published revision
 * learners read (stories.published_revision); the studio's older transcript versions name theirs
 * too (the current one is the chapter's own use); covers, the active logo, home page images and
 * avatars name files by address. Each row carries the use as the contract's FileUse (jsonb) and
 * the keys it is ordered by: per story, covers first, then chapter by chapter.
 */
function fileUses(filter: SQL) {
  const story = (kind: string, extra: SQL) =>
    sql`jsonb_build_object('kind', ${kind}::text, 'storyId', s.id, 'storyTitle', s.title) || ${extra}`;
  const chapter = (kind: string, extra: SQL, row: { id: SQL; title: SQL; position: SQL }) =>
    story(
      kind,
      sql`jsonb_build_object('chapterId', ${row.id}, 'chapterTitle', ${row.title}, 'chapterPosition', ${row.position}) || ${extra}`,
    );
  const none = sql`'{}'::jsonb`;
  const working = { id: sql`c.id`, title: sql`c.title`, position: sql`c.position` };
  const published = {
    id: sql`(pc->>'id')::uuid`,
    title: sql`pc->>'title'`,
    position: sql`(pc->>'position')::int`,
  };
  return sql`
    fu_matched as (select fu.* from file_uploads fu where ${filter}),
    file_uses as (
      select fu.id as file_id, s.title as story_title, s.id as story_id,
        c.position as chapter_position, 3 as rank, 0 as version,
        ${chapter('chapter', sql`jsonb_build_object('role', 'audio')`, working)} as use
      from fu_matched fu
      join chapters c on fu.bucket_name = 'audios' and c.audio_file_id = fu.file_path
      join stories s on s.id = c.story_id
      union all
      select fu.id, s.title, s.id, c.position, 4, 0,
        ${chapter('chapter', sql`jsonb_build_object('role', 'transcript')`, working)}
      from fu_matched fu
      join chapters c on fu.bucket_name = 'trans' and c.transcript_file_id = fu.file_path
      join stories s on s.id = c.story_id
      union all
      select fu.id, s.title, s.id, (pc->>'position')::int, 5, 0,
        ${chapter('published-chapter', sql`jsonb_build_object('role', 'audio')`, published)}
      from stories s
      cross join lateral jsonb_array_elements(s.published_revision->'chapters') pc
      join fu_matched fu on fu.bucket_name = 'audios' and pc->>'audioFileId' = fu.file_path
      where s.published_revision is not null
      union all
      select fu.id, s.title, s.id, (pc->>'position')::int, 6, 0,
        ${chapter('published-chapter', sql`jsonb_build_object('role', 'transcript')`, published)}
      from stories s
      cross join lateral jsonb_array_elements(s.published_revision->'chapters') pc
      join fu_matched fu on fu.bucket_name = 'trans' and pc->>'transcriptFileId' = fu.file_path
      where s.published_revision is not null
      union all
      select fu.id, s.title, s.id, c.position, 7, v.version,
        ${chapter('transcript-version', sql`jsonb_build_object('version', v.version)`, working)}
      from fu_matched fu
      join transcript_versions v on fu.bucket_name = 'trans' and v.file_key = fu.file_path
      join chapters c on c.id = v.chapter_id and c.transcript_file_id <> v.file_key
      join stories s on s.id = c.story_id
      union all
      select fu.id, s.title, s.id, null, 1, 0, ${story('cover', none)}
      from fu_matched fu join stories s on ${namesFileByUrl(sql`s.image_url`)}
      union all
      select fu.id, s.title, s.id, null, 2, 0, ${story('published-cover', none)}
      from fu_matched fu
      join stories s on ${namesFileByUrl(sql`(s.published_revision->>'imageUrl')`)}
      union all
      select fu.id, null, null, null, 8, 0, jsonb_build_object('kind', 'logo')
      from fu_matched fu join logo_settings l on l.is_active and ${namesFileByUrl(sql`l.logo_url`)}
      union all
      select fu.id, null, null, null, 9, 0,
        jsonb_build_object('kind', 'site-image', 'settingKey', h.setting_key)
      from fu_matched fu join home_page_settings h on ${namesFileByUrl(sql`h.image_url`)}
      union all
      select fu.id, null, null, null, 10, 0,
        jsonb_build_object('kind', 'avatar', 'userId', p.id,
          'userName', coalesce(nullif(trim(p.full_name), ''), p.email))
      from fu_matched fu join profiles p on ${namesFileByUrl(sql`p.avatar_url`)}
    )`;
}

/** Nothing uses the upload `fu` and it is older than the wizard's grace period. */
const isUnused = sql`not exists (select 1 from file_uses u where u.file_id = fu.id)
  and fu.upload_date < now() - make_interval(hours => ${UNUSED_AFTER_HOURS})`;

const usageConditions: Record<FileUsageFilter, SQL> = {
  'in-use': sql`exists (select 1 from file_uses u where u.file_id = fu.id)`,
  unused: isUnused,
  new: sql`not exists (select 1 from file_uses u where u.file_id = fu.id)
    and fu.upload_date >= now() - make_interval(hours => ${UNUSED_AFTER_HOURS})`,
};

const sortColumns: Record<FileSort, SQL> = {
  date: sql`fu.upload_date`,
  name: sql`lower(fu.original_filename)`,
  size: sql`fu.file_size`,
};

export interface FileListFilter {
  /** Only these uploads. */
  ids?: string[];
  storyId?: string;
  usage?: FileUsageFilter;
  sort: FileSort;
  order: SortOrder;
}

export interface ListedFile {
  row: FileRow;
  uses: FileUse[];
  unused: boolean;
}

/** A chapter as the files screen's association lists it and answers a link with. */
export const associationChapterColumns = {
  id: chapters.id,
  storyId: chapters.storyId,
  title: chapters.title,
  position: chapters.position,
  audioFileId: chapters.audioFileId,
  transcriptFileId: chapters.transcriptFileId,
  duration: chapters.duration,
};

/** The files screen: upload records, where each is used, and the chapters that name them. */
export const createAdminFilesRepository = defineRepository((db) => ({
  /** Uploads with their uses, filtered and sorted (by id after the sort key, so pages are stable). */
  async listFiles(filter: FileListFilter): Promise<ListedFile[]> {
    const conditions: SQL[] = [];
    if (filter.storyId) {
      conditions.push(
        sql`exists (select 1 from file_uses u where u.file_id = fu.id and u.story_id = ${filter.storyId})`,
      );
    }
    if (filter.usage) conditions.push(usageConditions[filter.usage]);
    const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
    const direction = sql.raw(filter.order === 'asc' ? 'asc' : 'desc');
    const matching = !filter.ids
      ? sql`true`
      : filter.ids.length === 0
        ? sql`false`
        : sql`fu.id = any(${`{${filter.ids.join(',')}}`}::uuid[])`;
    const result = await db.execute<{ id: string; unused: boolean; uses: FileUse[] }>(sql`
      with ${fileUses(matching)}
      select fu.id, (${isUnused}) as unused,
        coalesce((
          select jsonb_agg(u.use order by u.story_title nulls last, u.story_id,
            u.chapter_position nulls first, u.rank, u.version)
          from file_uses u where u.file_id = fu.id
        ), '[]'::jsonb) as uses
      from fu_matched fu
      where ${where}
      order by ${sortColumns[filter.sort]} ${direction}, fu.id ${direction}`);
    const ids = result.rows.map((row) => row.id);
    if (ids.length === 0) return [];
    const rows = await db.select().from(fileUploads).where(inArray(fileUploads.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return result.rows.flatMap((listed) => {
      const row = byId.get(listed.id);
      return row ? [{ row, uses: listed.uses, unused: listed.unused }] : [];
    });
  },

  async findFile(id: string): Promise<FileRow | undefined> {
    const [row] = await db.select().from(fileUploads).where(eq(fileUploads.id, id));
    return row;
  },

  findFiles(ids: string[]) {
    return db.select().from(fileUploads).where(inArray(fileUploads.id, ids));
  },

  /**
   * The upload's row, locked until the transaction ends: its uses, read after this, cannot
   * change under a delete (whoever attaches a file locks its row for key share first).
   */
  async lockFile(id: string): Promise<FileRow | undefined> {
    const [row] = await db.select().from(fileUploads).where(eq(fileUploads.id, id)).for('update');
    return row;
  },

  /** Rows of uploads, locked as lockFile does (in id order, so two clean-ups cannot deadlock). */
  lockFiles(ids: string[]) {
    return db
      .select()
      .from(fileUploads)
      .where(inArray(fileUploads.id, ids))
      .orderBy(asc(fileUploads.id))
      .for('update');
  },

  /**
   * Uploads about to be attached to a chapter: they cannot be deleted until the attaching
   * transaction ends (a delete waits, then sees the new use).
   */
  findFilesForAttaching(ids: string[]) {
    return db.select().from(fileUploads).where(inArray(fileUploads.id, ids)).for('key share');
  },

  listStories() {
    return db
      .select({ id: stories.id, title: stories.title })
      .from(stories)
      .orderBy(asc(stories.position), asc(stories.title));
  },

  listChapters() {
    return db
      .select(associationChapterColumns)
      .from(chapters)
      .orderBy(asc(chapters.storyId), asc(chapters.position));
  },

  /**
   * Removes the upload from the uses outside stories and chapters that the usage rule (fileUses)
   * finds (the stories repository's detachFile does the rest): older transcript versions that
   * were it go, the logo is switched off, home page images and avatars are cleared. Counts per
   * kind of change.
   */
  async detachOutsideStories(file: Pick<FileRow, 'id' | 'bucketName' | 'filePath'>) {
    const count = async (query: SQL) => (await db.execute(query)).rowCount ?? 0;
    const byUrl = (statement: (match: (column: SQL) => SQL) => SQL) =>
      count(statement((column) => sql`fu.id = ${file.id} and ${namesFileByUrl(column)}`));
    return {
      transcriptVersions:
        file.bucketName === 'trans'
          ? await count(sql`delete from transcript_versions where file_key = ${file.filePath}`)
          : 0,
      logo: await byUrl(
        (match) => sql`update logo_settings l set is_active = false
          from file_uploads fu where l.is_active and ${match(sql`l.logo_url`)}`,
      ),
      siteImages: await byUrl(
        (match) => sql`update home_page_settings h set image_url = null, updated_at = now()
          from file_uploads fu where ${match(sql`h.image_url`)}`,
      ),
      avatars: await byUrl(
        (match) => sql`update profiles p set avatar_url = null
          from file_uploads fu where ${match(sql`p.avatar_url`)}`,
      ),
    };
  },

  async deleteFileRecords(ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await db
      .delete(fileUploads)
      .where(inArray(fileUploads.id, ids))
      .returning({ id: fileUploads.id });
    return rows.length;
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
