import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Bucket } from '#shared/files';
import type { DatabaseConnection } from '../../db/client.ts';
import { appState, chapters, fileUploads, stories } from '../../db/schema.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import { demoContentDir, readDemoManifest, type DemoManifest } from './demo-manifest.ts';

const SEEDED_KEY = 'demo_content_seeded';
const SEED_LOCK_KEY = 7_212_002;

const contentTypes: Record<string, string> = {
  '.m4a': 'audio/mp4',
  '.json': 'application/json',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
};

export const publicFileUrl = (bucket: Bucket, key: string) => `/api/files/${bucket}/${key}`;

/**
 * Fills an empty installation with the shipped demo library, once. The marker in app_state keeps
 * a library an administrator later emptied from being refilled at the next start.
 */
export async function seedDemoContent(
  connection: DatabaseConnection,
  storage: ObjectStorage,
  log: (message: string) => void,
  contentDir = demoContentDir,
): Promise<boolean> {
  const lockClient = await connection.pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [SEED_LOCK_KEY]);
    const { db } = connection;
    const [marker] = await db.select().from(appState).where(eq(appState.key, SEEDED_KEY));
    if (marker) return false;
    const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(stories)) as [
      { count: number },
    ];
    if (count > 0) {
      await db
        .insert(appState)
        .values({ key: SEEDED_KEY, value: { skipped: 'library not empty' } });
      return false;
    }

    const manifest = await readDemoManifest(contentDir);
    const uploads: (typeof fileUploads.$inferInsert)[] = [];
    const store = async (bucket: Bucket, relativePath: string) => {
      const body = await fs.readFile(path.join(contentDir, relativePath));
      const key = `demo/${relativePath}`;
      const contentType = contentTypes[path.extname(relativePath)] ?? 'application/octet-stream';
      await storage.put(bucket, key, body, contentType);
      uploads.push({
        filename: path.basename(key),
        originalFilename: path.basename(relativePath),
        fileType: contentType,
        fileSize: body.length,
        bucketName: bucket,
        filePath: key,
        metadata: bucket === 'series-images' ? { public_url: publicFileUrl(bucket, key) } : {},
      });
      return key;
    };

    const prepared: {
      story: DemoManifest['stories'][number];
      coverKey: string;
      chapterRows: Omit<typeof chapters.$inferInsert, 'storyId'>[];
    }[] = [];
    for (const story of manifest.stories) {
      const coverKey = await store('series-images', story.cover.webp);
      const chapterRows: Omit<typeof chapters.$inferInsert, 'storyId'>[] = [];
      for (const chapter of story.chapters) {
        chapterRows.push({
          title: chapter.title,
          position: chapter.position,
          duration: chapter.durationSeconds,
          audioFileId: await store('audios', chapter.audio),
          transcriptFileId: await store('trans', chapter.transcript),
        });
      }
      prepared.push({ story, coverKey, chapterRows });
    }

    await db.transaction(async (tx) => {
      const now = new Date();
      for (const { story, coverKey, chapterRows } of prepared) {
        const [row] = await tx
          .insert(stories)
          .values({
            title: story.title,
            slug: story.slug,
            description: story.description,
            language: story.language,
            level: story.level,
            position: story.position,
            requiresLogin: story.requiresLogin,
            newWordsCount: story.newWordsCount,
            imageUrl: publicFileUrl('series-images', coverKey),
            status: 'published',
            publishedAt: now,
          })
          .returning({ id: stories.id });
        await tx
          .insert(chapters)
          .values(chapterRows.map((chapter) => ({ ...chapter, storyId: row!.id })));
      }
      await tx.insert(fileUploads).values(uploads).onConflictDoNothing();
      await tx.insert(appState).values({
        key: SEEDED_KEY,
        value: { stories: prepared.length, at: now.toISOString() },
      });
    });
    log(`demo library seeded: ${prepared.length} stories`);
    return true;
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [SEED_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
}
