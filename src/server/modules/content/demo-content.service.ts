import fs from 'node:fs/promises';
import path from 'node:path';
import type { Bucket } from '#shared/files';
import type { ExclusiveRunner } from '../../db/advisory-lock.ts';
import type { TransactionRunner } from '../../db/repository.ts';
import type { FileUploadsRepository, NewFileUpload } from '../../lib/file-uploads.repository.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import { publicFileUrl } from '../files/public-file-url.ts';
import { buildRevision } from '../stories/published-revision.ts';
import type { DemoChapterValues, DemoContentRepository } from './demo-content.repository.ts';
import { demoContentDir, readDemoManifest, type DemoManifest } from './demo-manifest.ts';

const SEED_LOCK_KEY = 7_212_002;

const contentTypes: Record<string, string> = {
  '.m4a': 'audio/mp4',
  '.json': 'application/json',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
};

/** The shipped demo library (content/generated, see docs/content.md). */
export function createDemoContentService(deps: {
  content: DemoContentRepository;
  fileUploads: FileUploadsRepository;
  storage: ObjectStorage;
  transaction: TransactionRunner;
  exclusive: ExclusiveRunner;
}) {
  const { content, fileUploads, storage, transaction, exclusive } = deps;

  /** Copies the library's files into storage; returns the stories' rows and the files' records. */
  async function storeFiles(manifest: DemoManifest, contentDir: string) {
    const files: NewFileUpload[] = [];
    const store = async (bucket: Bucket, relativePath: string) => {
      const body = await fs.readFile(path.join(contentDir, relativePath));
      const key = `demo/${relativePath}`;
      const contentType = contentTypes[path.extname(relativePath)] ?? 'application/octet-stream';
      await storage.put(bucket, key, body, contentType);
      files.push({
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
      chapterRows: DemoChapterValues[];
    }[] = [];
    for (const story of manifest.stories) {
      const coverKey = await store('series-images', story.cover.webp);
      const chapterRows: DemoChapterValues[] = [];
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
    return { prepared, files };
  }

  return {
    /**
     * Fills an empty installation with the demo library, once (true when it did). The marker
     * keeps a library an administrator later emptied from being refilled at the next start.
     */
    seed(report: (message: string) => void = () => undefined, contentDir = demoContentDir) {
      return exclusive(SEED_LOCK_KEY, async () => {
        if (await content.wasSeeded()) return false;
        if ((await content.countStories()) > 0) {
          await content.markSeeded({ skipped: 'library not empty' });
          return false;
        }
        const manifest = await readDemoManifest(contentDir);
        const { prepared, files } = await storeFiles(manifest, contentDir);
        await transaction(async (tx) => {
          const now = new Date();
          const queries = content.in(tx);
          for (const { story, coverKey, chapterRows } of prepared) {
            const inserted = await queries.insertStory(
              {
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
              },
              chapterRows,
            );
            // Learners read the published revision (decision 021).
            await queries.saveRevision(inserted.id, buildRevision(inserted, now));
            await queries.insertFirstTranscriptVersions(
              inserted.chapters.map((chapter) => ({
                chapterId: chapter.id,
                fileKey: chapter.transcriptFileId,
              })),
            );
          }
          await fileUploads.in(tx).insertMany(files);
          await queries.markSeeded({ stories: prepared.length, at: now.toISOString() });
        });
        report(`demo library seeded: ${prepared.length} stories`);
        return true;
      });
    },
  };
}

export type DemoContentService = ReturnType<typeof createDemoContentService>;
