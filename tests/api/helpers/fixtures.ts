import { randomBytes } from 'node:crypto';
import type { Database } from '#server/db/client';
import { chapters, stories } from '#server/db/schema';

type StoryInsert = typeof stories.$inferInsert;

/** Inserts a story with chapters straight into the database (tests only). */
export async function insertStory(
  db: Database,
  overrides: Partial<StoryInsert> = {},
  chapterCount = 2,
) {
  const suffix = randomBytes(4).toString('hex');
  const [story] = await db
    .insert(stories)
    .values({
      title: `Story ${suffix}`,
      slug: `story-${suffix}`,
      level: 'Beginner',
      status: 'published',
      publishedAt: new Date(),
      requiresLogin: false,
      ...overrides,
    })
    .returning();
  const chapterRows = chapterCount
    ? await db
        .insert(chapters)
        .values(
          Array.from({ length: chapterCount }, (_, index) => ({
            storyId: story!.id,
            title: `Chapter ${index + 1}`,
            position: index + 1,
            duration: 60,
          })),
        )
        .returning()
    : [];
  return { story: story!, chapters: chapterRows };
}
