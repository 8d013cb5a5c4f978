import { createHash } from 'node:crypto';
import { adminStoryMessages } from '#shared/contracts/admin-stories';
import { sameQuestions } from '#shared/contracts/comprehension';
import type { Job } from '#shared/contracts/jobs';
import {
  storyPackageMessages as says,
  type ImportStoryResponse,
} from '#shared/contracts/story-packages';
import type { Bucket } from '#shared/files';
import type { Transcript } from '#shared/transcript';
import type { TransactionRunner } from '../../db/repository.ts';
import type { RequestOrigin } from '../../lib/actor.ts';
import type { AuditLog } from '../../lib/audit-log.repository.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { generateObjectKey, type ObjectStorage } from '../../lib/storage/storage.ts';
import type { CheckedFile } from '../../lib/upload-checks.ts';
import type { AdminStoriesRepository } from '../admin-stories/admin-stories.repository.ts';
import { toAdminStories } from '../admin-stories/admin-stories.service.ts';
import { publicFileUrl } from '../files/public-file-url.ts';
import { isInRevision, workingView } from '../stories/published-revision.ts';
import type { StoryWithChapters } from '../stories/stories.repository.ts';
import type { TranscriptLoader } from '../stories/transcript-loader.ts';
import {
  alreadyStored,
  chaptersInPlace,
  stillStored,
  type AlreadyStored,
} from './already-stored.ts';
import {
  checkPackage,
  type CheckedChapter,
  type CheckedPackage,
  type PackageLimits,
} from './package-checks.ts';
import { exportPackageFiles } from './package-export.ts';
import {
  readFolderPackage,
  readZipPackage,
  writeZipPackage,
  type PackageFiles,
} from './package-files.ts';
import type { NewPackageFile, StoryPackagesRepository } from './story-packages.repository.ts';
import { audioMetadataKeys } from '../../lib/audio-metadata.ts';

/** Who imports: an administrator, or the command line (no account). */
export interface ImportActor {
  userId: string | null;
  origin: RequestOrigin;
}

/**
 * Queues the alignment of a chapter's stored audio with its text (the `align-chapter` job of the
 * studio, decision 021); the result becomes the chapter's transcript. When the chapter's alignment
 * is already queued or running, that job is the answer.
 */
export type StartAlignment = (request: {
  chapterId: string;
  /** The stored recording to align (a job whose chapter got another one meanwhile stops). */
  audioKey: string;
  transcript: Transcript;
  createdBy: string | null;
}) => Promise<Job>;

const DURATION_KEY = audioMetadataKeys.durationSeconds;

/** A file of the package to keep, and where it ends up. */
interface PlannedFile {
  bucket: Bucket;
  file: CheckedFile;
  hash: string;
  metadata: Record<string, unknown>;
  /** The storage key: an object with the same content already stored, or a new one. */
  key: string;
  isNew: boolean;
}

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/** Whether `values` would change any of these fields of `row`. */
const differs = <T extends object>(row: T, values: Partial<T>) =>
  (Object.keys(values) as (keyof T)[]).some((key) => row[key] !== values[key]);

/**
 * Story packages (decision 021, docs/content.md): a story's working copy exported in the format of
 * the demo library, and packages imported as a new draft or into the story of the same slug.
 * An import checks the whole package first (package-checks.ts), then stores its files (each
 * content once: a file already stored is reused) and writes the story in one transaction; if that
 * fails, the files it stored are removed again. Chapters that came with text but no timings are
 * aligned in background jobs afterwards.
 */
export function createStoryPackagesService(deps: {
  packages: StoryPackagesRepository;
  stories: AdminStoriesRepository;
  storage: ObjectStorage;
  transcripts: TranscriptLoader;
  transaction: TransactionRunner;
  audit: AuditLog;
  startAlignment: StartAlignment;
  limits: PackageLimits;
}) {
  const { packages, stories, storage, transcripts, transaction, audit, startAlignment } = deps;
  const { limits } = deps;

  /**
   * Every file the package keeps, each content once, reusing what storage already holds; what
   * the story already holds (`kept`) is not stored again.
   */
  async function planFiles(
    checked: CheckedPackage,
    kept: AlreadyStored,
    uploadedBy: string | null,
  ) {
    const wanted: Omit<PlannedFile, 'key' | 'isNew'>[] = [];
    const add = (bucket: Bucket, file: CheckedFile, metadata: Record<string, unknown> = {}) => {
      const hash = sha256(file.buffer);
      if (!wanted.some((entry) => entry.bucket === bucket && entry.hash === hash)) {
        wanted.push({ bucket, file, hash, metadata });
      }
      return hash;
    };
    const coverHash =
      checked.cover && !kept.cover ? add('series-images', checked.cover) : undefined;
    const chapterHashes = checked.chapters.map((chapter, index) => ({
      audio:
        chapter.audio && !kept.chapters[index]?.audio
          ? add('audios', chapter.audio, { [DURATION_KEY]: chapter.audio.durationSeconds })
          : undefined,
      transcript:
        chapter.transcript && !kept.chapters[index]?.transcript
          ? add('trans', {
              buffer: chapter.transcript.body,
              originalFilename: `chapter-${chapter.number}.json`,
              contentType: 'application/json',
            })
          : undefined,
    }));

    const planned: PlannedFile[] = [];
    for (const bucket of ['series-images', 'audios', 'trans'] as const) {
      const ofBucket = wanted.filter((entry) => entry.bucket === bucket);
      const stored = await packages.filesByHash(
        bucket,
        ofBucket.map((entry) => entry.hash),
      );
      for (const entry of ofBucket) {
        const key = stored.get(entry.hash);
        const stillStored = key !== undefined && (await storage.head(bucket, key)) !== null;
        planned.push(
          stillStored
            ? { ...entry, key, isNew: false }
            : { ...entry, key: generateObjectKey(entry.file.originalFilename), isNew: true },
        );
      }
    }
    const keyOf = (bucket: Bucket, hash: string | undefined) =>
      hash === undefined
        ? ''
        : planned.find((entry) => entry.bucket === bucket && entry.hash === hash)!.key;
    const newFiles: NewPackageFile[] = planned
      .filter((entry) => entry.isNew)
      .map((entry) => ({
        bucket: entry.bucket,
        key: entry.key,
        originalFilename: entry.file.originalFilename,
        contentType: entry.file.contentType,
        size: entry.file.buffer.length,
        sha256: entry.hash,
        uploadedBy,
        metadata:
          entry.bucket === 'series-images'
            ? { ...entry.metadata, public_url: publicFileUrl(entry.bucket, entry.key) }
            : entry.metadata,
      }));
    return {
      planned,
      newFiles,
      coverKey: kept.cover ?? keyOf('series-images', coverHash),
      chapterKeys: chapterHashes.map((hashes, index) => ({
        audio: kept.chapters[index]?.audio ?? keyOf('audios', hashes.audio),
        transcript: kept.chapters[index]?.transcript ?? keyOf('trans', hashes.transcript),
      })),
    };
  }

  /**
   * What a package chapter becomes over the chapter at its place (if any). Without a timed
   * transcript in the package, the chapter keeps the one it has while its audio stays the same
   * (it was aligned, maybe edited, here); new audio needs new timings.
   */
  function chapterValues(
    chapter: CheckedChapter,
    keys: { audio: string; transcript: string },
    prior: StoryWithChapters['chapters'][number] | undefined,
  ) {
    const keepsTranscript =
      keys.transcript === '' &&
      prior !== undefined &&
      keys.audio !== '' &&
      prior.audioFileId === keys.audio;
    const transcriptFileId = keepsTranscript ? prior.transcriptFileId : keys.transcript;
    // The same recording keeps the length the site measured for it (an unchanged package
    // changes nothing); another one is measured from the package.
    const sameAudio = prior !== undefined && keys.audio !== '' && prior.audioFileId === keys.audio;
    return {
      values: {
        title: chapter.title,
        position: chapter.number,
        duration:
          sameAudio && prior.duration !== null
            ? prior.duration
            : (chapter.audio?.durationSeconds ?? null),
        audioFileId: keys.audio,
        transcriptFileId,
      },
      alignWith: transcriptFileId === '' ? chapter.untimed : undefined,
    };
  }

  async function importChecked(checked: CheckedPackage, actor: ImportActor) {
    const id = await packages.findStoryIdBySlug(checked.story.slug);
    const kept = await alreadyStored(checked, id ? await stories.findAnyStory(id) : undefined, {
      storage,
      transcripts,
    });
    const plan = await planFiles(checked, kept, actor.userId);
    const stored: PlannedFile[] = [];
    try {
      for (const entry of plan.planned.filter((candidate) => candidate.isNew)) {
        await storage.put(entry.bucket, entry.key, entry.file.buffer, entry.file.contentType);
        stored.push(entry);
      }
      return await transaction(async (tx) => {
        const queries = packages.in(tx);
        const storyQueries = stories.in(tx);
        const { story } = checked;
        await queries.lockSlug(story.slug);
        // A new story goes last (decision 023): the order is locked before anything is written.
        await storyQueries.lockStoryOrder();
        const existingId = await queries.findStoryIdBySlug(story.slug);
        const existing = existingId ? await storyQueries.findAnyStory(existingId) : undefined;
        // What was found already stored before the lock must still be the story's.
        if (!stillStored(kept, existing)) throw conflict(says.changedDuringImport);
        if (await storyQueries.titleTaken(story.title, existingId)) {
          throw conflict(adminStoryMessages.duplicateTitle, {
            hint: adminStoryMessages.duplicateTitleHint,
          });
        }
        await queries.insertFiles(plan.newFiles);

        const content = {
          title: story.title,
          description: story.description === '' ? null : story.description,
          language: story.language,
          level: story.level,
          newWordsCount: story.new_words_count,
          imageUrl:
            plan.coverKey !== ''
              ? publicFileUrl('series-images', plan.coverKey)
              : (existing?.imageUrl ?? null),
        };
        const storyId = existing
          ? existing.id
          : (
              await storyQueries.insertStory({
                ...content,
                slug: story.slug,
                // The package's own position is not used: the site's order is the site's.
                position: await queries.nextPosition(),
                requiresLogin: story.requires_login,
              })
            ).id;
        const contentChanged = !existing || differs(existing, content);
        if (existing && contentChanged) await storyQueries.updateStory(existing.id, content);

        // Package chapter n takes the place, and the id, of the working copy's chapter n.
        const priors = chaptersInPlace(existing);
        const alignments: { chapterId: string; audioKey: string; transcript: Transcript }[] = [];
        let chaptersChanged = 0;
        let versionsAdded = 0;
        for (const [index, chapter] of checked.chapters.entries()) {
          const prior = priors[index];
          const { values, alignWith } = chapterValues(chapter, plan.chapterKeys[index]!, prior);
          const chapterId =
            prior?.id ??
            (
              await storyQueries.insertChapters(storyId, [
                { ...values, questions: chapter.questions ?? [] },
              ])
            )[0]!.id;
          let changed = !prior;
          if (prior && differs(prior, values)) {
            await storyQueries.updateChapter(prior.id, values);
            changed = true;
          }
          // Questions left out of story.json stay as they are (decision 069).
          if (prior && chapter.questions && !sameQuestions(prior.questions, chapter.questions)) {
            await storyQueries.setChapterQuestions(prior.id, chapter.questions);
            changed = true;
          }
          if (changed) chaptersChanged += 1;
          const before = prior?.transcriptFileId ?? '';
          if (values.transcriptFileId !== '' && values.transcriptFileId !== before) {
            await queries.appendTranscriptVersion(
              { id: chapterId, transcriptFileId: before },
              values.transcriptFileId,
              actor.userId,
            );
            versionsAdded += 1;
          }
          if (alignWith) {
            alignments.push({ chapterId, audioKey: values.audioFileId, transcript: alignWith });
          }
        }
        // Chapters the package no longer has leave the working copy (decision 021).
        const dropped = priors.slice(checked.chapters.length).map((chapter) => chapter.id);
        const learnersSee = (id: string) => isInRevision(existing?.publishedRevision ?? null, id);
        await storyQueries.markChaptersRemoved(dropped.filter(learnersSee));
        await storyQueries.deleteChapters(dropped.filter((id) => !learnersSee(id)));
        await storyQueries.renumberChapters(storyId);

        await audit.in(tx).record({
          action: 'story_imported',
          ...actor,
          details: {
            story_id: storyId,
            slug: story.slug,
            title: story.title,
            created: !existing,
            chapters: checked.chapters.length,
            chapters_removed: dropped.length,
            files_stored: plan.newFiles.length,
            transcript_versions: versionsAdded,
            alignments: alignments.length,
            // The package said what the story already held: nothing was written.
            unchanged:
              !contentChanged &&
              chaptersChanged === 0 &&
              dropped.length === 0 &&
              plan.newFiles.length === 0,
          },
        });
        return { storyId, created: !existing, alignments };
      });
    } catch (error) {
      await Promise.all(
        stored.map((entry) => storage.delete(entry.bucket, entry.key).catch(() => undefined)),
      );
      throw error;
    }
  }

  async function importFiles(
    files: PackageFiles,
    actor: ImportActor,
  ): Promise<ImportStoryResponse> {
    const checked = await checkPackage(files, limits);
    const { storyId, created, alignments } = await importChecked(checked, actor);
    const alignmentJobs: Job[] = [];
    for (const alignment of alignments) {
      alignmentJobs.push(await startAlignment({ ...alignment, createdBy: actor.userId }));
    }
    const story = await stories.findAnyStory(storyId);
    const [adminStory] = await toAdminStories(stories, [story!]);
    return { story: adminStory!, created, alignmentJobs };
  }

  return {
    /** A .zip package (the admin area's upload). */
    importZip: (zip: Buffer, actor: ImportActor) => importFiles(readZipPackage(zip), actor),

    /** A package kept as a folder (the command line). */
    importFolder: async (dir: string, actor: ImportActor) =>
      importFiles(await readFolderPackage(dir), actor),

    /** Every check an import makes of a package folder, storing nothing (bundled packages). */
    checkFolder: async (dir: string) => checkPackage(await readFolderPackage(dir), limits),

    /** The story's working copy as a .zip package, its files inside the folder `<slug>/`. */
    async exportStory(id: string): Promise<{ fileName: string; body: Buffer }> {
      const row = await stories.findAnyStory(id);
      if (!row) throw notFound(adminStoryMessages.notFound);
      const files = await exportPackageFiles(workingView(row), { storage, transcripts });
      return { fileName: `${row.slug}.zip`, body: writeZipPackage(row.slug, files) };
    },
  };
}

export type StoryPackagesService = ReturnType<typeof createStoryPackagesService>;
