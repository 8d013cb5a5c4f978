import { eq, sql } from 'drizzle-orm';
import { defineRepository } from '../../db/repository.ts';
import { appState, chapters, stories } from '../../db/schema.ts';

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

  async insertStory(story: DemoStoryValues, storyChapters: DemoChapterValues[]): Promise<void> {
    const [row] = await db.insert(stories).values(story).returning({ id: stories.id });
    await db
      .insert(chapters)
      .values(storyChapters.map((chapter) => ({ ...chapter, storyId: row!.id })));
  },
}));

export type DemoContentRepository = ReturnType<typeof createDemoContentRepository>;
