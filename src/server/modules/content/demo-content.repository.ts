import { eq, sql } from 'drizzle-orm';
import { defineRepository } from '../../db/repository.ts';
import { appState, stories, transcriptVersions } from '../../db/schema.ts';

const SEEDED_KEY = 'demo_content_seeded';

/** What seeding the demo library reads and writes besides stories and chapters (admin stories'). */
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
