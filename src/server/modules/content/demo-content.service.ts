import fs from 'node:fs/promises';
import path from 'node:path';
import type { Bucket } from '#shared/files';
import type { ExclusiveRunner } from '../../db/advisory-lock.ts';
import type { TransactionRunner } from '../../db/repository.ts';
import type { FileUploadsRepository, NewFileUpload } from '../../lib/file-uploads.repository.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import type {
  AdminStoriesRepository,
  NewChapter,
} from '../admin-stories/admin-stories.repository.ts';
import { publicFileUrl } from '../files/public-file-url.ts';
import { buildRevision } from '../stories/published-revision.ts';
import type {
  ImportActor,
  StoryPackagesService,
} from '../story-packages/story-packages.service.ts';
import {
  bundledPackagesDir,
  checkBundledPackages,
  listBundledPackages,
} from './bundled-packages.ts';
import type { DemoContentRepository } from './demo-content.repository.ts';
import { demoContentDir, readDemoManifest, type DemoManifest } from './demo-manifest.ts';
import { orderByLevel } from './library-order.ts';

const SEED_LOCK_KEY = 7_212_002;

/** Who imports the bundled packages, for the audit log: no account, the seeding itself. */
const SEEDING: ImportActor = { userId: null, origin: { ip: null, userAgent: 'demo library' } };

/** Where the library comes from: the built demo stories, and the bundled story packages. */
export interface DemoSources {
  contentDir?: string;
  packagesDir?: string;
}

const contentTypes: Record<string, string> = {
  '.m4a': 'audio/mp4',
  '.json': 'application/json',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
};

/**
 * The shipped demo library (see docs/content.md): the stories built into content/generated, and
 * the story packages of content/packages, imported through the story-packages service as an
 * administrator's import would be, then published (decision 049).
 */
export function createDemoContentService(deps: {
  content: DemoContentRepository;
  fileUploads: FileUploadsRepository;
  storage: ObjectStorage;
  transaction: TransactionRunner;
  exclusive: ExclusiveRunner;
  packages: Pick<StoryPackagesService, 'importFolder' | 'checkFolder'>;
  stories: AdminStoriesRepository;
}) {
  const { content, fileUploads, storage, transaction, exclusive, packages, stories } = deps;

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
      chapterRows: NewChapter[];
    }[] = [];
    for (const story of manifest.stories) {
      const coverKey = await store('series-images', story.cover.webp);
      const chapterRows: NewChapter[] = [];
      for (const chapter of story.chapters) {
        chapterRows.push({
          title: chapter.title,
          position: chapter.position,
          duration: chapter.durationSeconds,
          audioFileId: await store('audios', chapter.audio),
          transcriptFileId: await store('trans', chapter.transcript),
          questions: chapter.questions,
        });
      }
      prepared.push({ story, coverKey, chapterRows });
    }
    return { prepared, files };
  }

  /**
   * Imports the checked bundled packages (each a draft, placed last), then in one transaction
   * publishes them as they are and moves each among the stories of its level.
   */
  async function importBundled(bundled: Awaited<ReturnType<typeof checkBundledPackages>>) {
    const imported: { id: string; level: DemoManifest['stories'][number]['level'] }[] = [];
    for (const bundle of bundled) {
      const { story } = await packages.importFolder(bundle.dir, SEEDING);
      imported.push({ id: story.id, level: bundle.level });
    }
    return imported;
  }

  return {
    /**
     * Fills an empty installation with the demo library, once (true when it did). The marker
     * keeps a library an administrator later emptied from being refilled at the next start.
     * Every bundled package is checked before anything is stored: one that cannot be published
     * stops the seeding (and the start) with the library still empty.
     */
    seed(report: (message: string) => void = () => undefined, sources: DemoSources = {}) {
      const contentDir = sources.contentDir ?? demoContentDir;
      return exclusive(SEED_LOCK_KEY, async () => {
        if (await content.wasSeeded()) return false;
        if ((await content.countStories()) > 0) {
          await content.markSeeded({ skipped: 'library not empty' });
          return false;
        }
        const manifest = await readDemoManifest(contentDir);
        const bundled = await checkBundledPackages(
          await listBundledPackages(sources.packagesDir ?? bundledPackagesDir),
          {
            slugs: manifest.stories.map((story) => story.slug),
            titles: manifest.stories.map((story) => story.title),
          },
          packages.checkFolder,
        );
        const { prepared, files } = await storeFiles(manifest, contentDir);
        const now = new Date();
        await transaction(async (tx) => {
          const queries = content.in(tx);
          const storyRows = stories.in(tx);
          for (const { story, coverKey, chapterRows } of prepared) {
            const row = await storyRows.insertStory({
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
            });
            const inserted = {
              ...row,
              chapters: await storyRows.insertChapters(row.id, chapterRows),
            };
            // Learners read the published revision (decision 021).
            await storyRows.saveRevision(inserted.id, buildRevision(inserted, now));
            await queries.insertFirstTranscriptVersions(
              inserted.chapters.map((chapter) => ({
                chapterId: chapter.id,
                fileKey: chapter.transcriptFileId,
              })),
            );
          }
          await fileUploads.in(tx).insertMany(files);
        });
        const imported = await importBundled(bundled);
        await transaction(async (tx) => {
          const library = stories.in(tx);
          await library.lockStoryOrder();
          const all = await library.listAllStories();
          for (const { id } of imported) {
            await library.publishAs(
              id,
              buildRevision(
                all.find((s) => s.id === id)!,
                now,
              ),
              now,
            );
          }
          await library.setStoryOrder(orderByLevel(all, imported));
          await content.in(tx).markSeeded({
            stories: prepared.length + imported.length,
            packages: bundled.map((bundle) => bundle.slug),
            at: now.toISOString(),
          });
        });
        report(
          `demo library seeded: ${prepared.length + imported.length} stories` +
            (imported.length > 0 ? ` (${imported.length} from story packages)` : ''),
        );
        return true;
      });
    },
  };
}

export type DemoContentService = ReturnType<typeof createDemoContentService>;
