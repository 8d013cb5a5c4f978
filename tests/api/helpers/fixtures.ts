import { randomBytes } from 'node:crypto';
import { eq, max } from 'drizzle-orm';
import type { Database } from '#server/db/client';
import { chapters, stories } from '#server/db/schema';
import type { ObjectStorage } from '#server/lib/storage/storage';
import { buildRevision } from '#server/modules/stories/published-revision';
import type { Transcript } from '#shared/transcript';

type StoryInsert = typeof stories.$inferInsert;

/**
 * Inserts a story with chapters straight into the database (tests only). Each chapter names an
 * audio file and a transcript (`fixtures/<story>/chapter-<n>.m4a|json`, not stored: a test that
 * plays one puts the object there), so that a published story's chapters are in its published
 * revision, which is what learners read (decision 021).
 */
export async function insertStory(
  db: Database,
  overrides: Partial<StoryInsert> = {},
  chapterCount = 2,
) {
  const suffix = randomBytes(4).toString('hex');
  // Positions are unique (decision 023): a story inserted without one goes last.
  const [last] = await db.select({ position: max(stories.position) }).from(stories);
  const [inserted] = await db
    .insert(stories)
    .values({
      title: `Story ${suffix}`,
      slug: `story-${suffix}`,
      level: 'Beginner',
      status: 'published',
      publishedAt: new Date(),
      requiresLogin: false,
      position: (last?.position ?? 0) + 1,
      ...overrides,
    })
    .returning();
  const chapterRows = chapterCount
    ? await db
        .insert(chapters)
        .values(
          Array.from({ length: chapterCount }, (_, index) => ({
            storyId: inserted!.id,
            title: `Chapter ${index + 1}`,
            position: index + 1,
            duration: 60,
            audioFileId: `fixtures/${suffix}/chapter-${index + 1}.m4a`,
            transcriptFileId: `fixtures/${suffix}/chapter-${index + 1}.json`,
          })),
        )
        .returning()
    : [];
  let story = inserted!;
  if (story.status === 'published' && overrides.publishedRevision === undefined) {
    const revision = buildRevision({ ...story, chapters: chapterRows }, new Date());
    const [withRevision] = await db
      .update(stories)
      .set({ publishedRevision: revision })
      .where(eq(stories.id, story.id))
      .returning();
    story = withRevision!;
  }
  return { story, chapters: chapterRows };
}

/**
 * A published story of one chapter whose transcript is stored: what saving words and lines,
 * reviewing them and reading the transcript need. Returns the chapter's id.
 */
export async function insertChapterWithTranscript(
  t: { database: { db: Database }; storage: ObjectStorage },
  transcript: Transcript,
): Promise<string> {
  const { chapters } = await insertStory(t.database.db, {}, 1);
  await t.storage.put(
    'trans',
    chapters[0]!.transcriptFileId,
    Buffer.from(JSON.stringify(transcript)),
    'application/json',
  );
  return chapters[0]!.id;
}
