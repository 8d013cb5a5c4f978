import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { defineRepository } from '../../db/repository.ts';
import { chapters, stories } from '../../db/schema.ts';

export type StoryRow = typeof stories.$inferSelect;
export type ChapterRow = typeof chapters.$inferSelect;
export type StoryWithChapters = StoryRow & { chapters: ChapterRow[] };

export interface StoryVisibility {
  /** Administrators' screens and previews see drafts; learners only published stories. */
  includeDrafts: boolean;
}

const visibleFilter = (visibility: StoryVisibility) =>
  visibility.includeDrafts ? undefined : eq(stories.status, 'published');

/**
 * SQL for the queries of other modules that reach chapters through learners (recent chapters,
 * bookmarks, words learned): whether learners see the chapter, i.e. its story is published and
 * the chapter is in its published revision (decision 021).
 */
export const chapterIsPublished = and(
  eq(stories.status, 'published'),
  sql`${stories.publishedRevision} -> 'chapters' @> jsonb_build_array(jsonb_build_object('id', ${chapters.id}::text))`,
);

/** The chapter's entry in its story's published revision (null: not in it, or never published). */
const revisionChapter = sql`(
  select entry from jsonb_array_elements(${stories.publishedRevision} -> 'chapters') as entry
  where entry ->> 'id' = ${chapters.id}::text)`;

/** The transcript learners read for a chapter: its revision's, else (never published) its own. */
export const publishedTranscriptKey = sql<string>`coalesce(${revisionChapter} ->> 'transcriptFileId', ${chapters.transcriptFileId})`;

/**
 * The chapter and story titles learners see, for queries joining both tables (bookmarks, saved
 * items): the published revision's when the chapter is in it, else the working copy's.
 */
export const publishedTitles = {
  chapterTitle: sql<string>`coalesce(${revisionChapter} ->> 'title', ${chapters.title})`,
  storyTitle: sql<string>`case when ${revisionChapter} is null then ${stories.title}
    else ${stories.publishedRevision} ->> 'title' end`,
};

/*
 * The story reads below take the executor they run on, so that the admin stories repository
 * composes the same queries (drafts included) instead of restating them.
 */

export async function listStoriesWithChapters(
  db: DbExecutor,
  visibility: StoryVisibility,
): Promise<StoryWithChapters[]> {
  const storyRows = await db
    .select()
    .from(stories)
    .where(visibleFilter(visibility))
    .orderBy(asc(stories.position), asc(stories.createdAt));
  return attachChapters(db, storyRows);
}

export async function findStoryById(
  db: DbExecutor,
  id: string,
  visibility: StoryVisibility,
): Promise<StoryWithChapters | undefined> {
  const rows = await db
    .select()
    .from(stories)
    .where(and(eq(stories.id, id), visibleFilter(visibility)));
  return (await attachChapters(db, rows))[0];
}

async function attachChapters(db: DbExecutor, storyRows: StoryRow[]): Promise<StoryWithChapters[]> {
  if (storyRows.length === 0) return [];
  const chapterRows = await db
    .select()
    .from(chapters)
    .where(
      inArray(
        chapters.storyId,
        storyRows.map((story) => story.id),
      ),
    )
    .orderBy(asc(chapters.position), asc(chapters.createdAt));
  const byStory = new Map<string, ChapterRow[]>();
  for (const chapter of chapterRows) {
    const list = byStory.get(chapter.storyId) ?? [];
    list.push(chapter);
    byStory.set(chapter.storyId, list);
  }
  return storyRows.map((story) => ({ ...story, chapters: byStory.get(story.id) ?? [] }));
}

export const createStoriesRepository = defineRepository((db) => ({
  /**
   * Stories by position (then age), each with every chapter row by position, removed ones too
   * (published-revision.ts decides which copy a reader sees).
   */
  listWithChapters: (visibility: StoryVisibility) => listStoriesWithChapters(db, visibility),

  findById: (id: string, visibility: StoryVisibility) => findStoryById(db, id, visibility),

  async findBySlug(
    slug: string,
    visibility: StoryVisibility,
  ): Promise<StoryWithChapters | undefined> {
    const rows = await db
      .select()
      .from(stories)
      .where(and(eq(stories.slug, slug), visibleFilter(visibility)));
    return (await attachChapters(db, rows))[0];
  },

  async findChapterWithStory(
    chapterId: string,
    visibility: StoryVisibility,
  ): Promise<{ chapter: ChapterRow; story: StoryRow } | undefined> {
    const rows = await db
      .select({ chapter: chapters, story: stories })
      .from(chapters)
      .innerJoin(stories, eq(chapters.storyId, stories.id))
      .where(and(eq(chapters.id, chapterId), visibleFilter(visibility)));
    return rows[0];
  },
}));

export type StoriesRepository = ReturnType<typeof createStoriesRepository>;
