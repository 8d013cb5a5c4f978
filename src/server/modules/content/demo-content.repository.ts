import { eq, sql } from 'drizzle-orm';
import { defineRepository } from '../../db/repository.ts';
import {
  appState,
  chapters,
  stories,
  transcriptVersions,
  type PublishedRevision,
} from '../../db/schema.ts';

const SEEDED_KEY = 'demo_content_seeded';

export type DemoStoryValues = typeof stories.$inferInsert;
export type DemoChapterValues = Omit<typeof chapters.$inferInsert, 'storyId'>;

/** What seeding the demo library reads and writes. */
export const createDemoContentRepository = defineRepository((db) => ({
  /** Whether the library was seeded (or seeding was skipped) before. */
  async wasSeeded(): Promise<boolean> {
    const [marker] = await db.select().from(appState).where(eq(appState.key, SEEDED_KEY));
    return marker !== undefined;
  },

  /** Marks the library as seeded, so that it is never refilled once an administrator empties it. */
  async markSeeded(value: Record<string, unknown>): Promise<void> {
    await db.insert(appState).values({ key: SEEDED_KEY, value });
  },

  async countStories(): Promise<number> {
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(stories);
    return row?.count ?? 0;
  },

  async insertStory(story: DemoStoryValues, storyChapters: DemoChapterValues[]) {
    const [row] = await db.insert(stories).values(story).returning();
    const chapterRows = await db
      .insert(chapters)
      .values(storyChapters.map((chapter) => ({ ...chapter, storyId: row!.id })))
      .returning();
    return { ...row!, chapters: chapterRows };
  },

  async saveRevision(storyId: string, revision: PublishedRevision): Promise<void> {
    await db.update(stories).set({ publishedRevision: revision }).where(eq(stories.id, storyId));
  },

  /** A story imported as a draft is published as it is: learners see this revision. */
  async publish(storyId: string, revision: PublishedRevision, at: Date): Promise<void> {
    await db
      .update(stories)
      .set({ status: 'published', publishedAt: at, publishedRevision: revision, updatedAt: at })
      .where(eq(stories.id, storyId));
  },

  /** Each chapter's shipped transcript is its first version, imported. */
  async insertFirstTranscriptVersions(
    rows: { chapterId: string; fileKey: string }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insert(transcriptVersions)
      .values(rows.map((row) => ({ ...row, version: 1, source: 'import' as const })));
  },
}));

export type DemoContentRepository = ReturnType<typeof createDemoContentRepository>;
