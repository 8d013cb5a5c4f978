import { isDeepStrictEqual } from 'node:util';
import type { Bucket } from '#shared/files';
import { AppError } from '../../lib/errors.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import type { StoryWithChapters } from '../stories/stories.repository.ts';
import type { TranscriptLoader } from '../stories/transcript-loader.ts';
import type { CheckedPackage } from './package-checks.ts';
import { storedCoverKey } from './package-export.ts';

/**
 * The files of a package the story of its slug already holds, by their keys: the cover and each
 * chapter's audio when their bytes are the same, each chapter's transcript when it says the same
 * (times, texts, translations, glosses and their marks, compared as parsed, so an indented export
 * of a compactly stored transcript is the same). Re-importing an unchanged package then stores
 * nothing and changes no chapter (decision 043), whether or not the files were first stored by an
 * import (an upload in the wizard keeps no hash).
 */
export interface AlreadyStored {
  cover?: string;
  chapters: Array<{ audio?: string; transcript?: string }>;
}

/** The working copy's chapters a package's chapters land on, by place (decision 021). */
export const chaptersInPlace = (story: StoryWithChapters | undefined) =>
  story?.chapters.filter((chapter) => chapter.removedAt === null) ?? [];

const missing = (error: unknown) => error instanceof AppError && error.code === 'NOT_FOUND';

export async function alreadyStored(
  checked: CheckedPackage,
  story: StoryWithChapters | undefined,
  deps: { storage: ObjectStorage; transcripts: TranscriptLoader },
): Promise<AlreadyStored> {
  const { storage, transcripts } = deps;

  async function sameBytes(bucket: Bucket, key: string, body: Buffer | undefined) {
    if (!body || key === '') return undefined;
    const info = await storage.head(bucket, key);
    if (!info || info.size !== body.length) return undefined;
    try {
      return (await storage.readBuffer(bucket, key)).equals(body) ? key : undefined;
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  }

  async function sameTranscript(key: string, chapter: CheckedPackage['chapters'][number]) {
    if (!chapter.transcript || key === '') return undefined;
    try {
      const { transcript } = await transcripts.load(key);
      return isDeepStrictEqual(transcript, chapter.transcript.transcript) ? key : undefined;
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  }

  const priors = chaptersInPlace(story);
  const coverKey = story?.imageUrl ? storedCoverKey(story.imageUrl) : undefined;
  const [cover, chapters] = await Promise.all([
    coverKey ? sameBytes('series-images', coverKey, checked.cover?.buffer) : undefined,
    Promise.all(
      checked.chapters.map(async (chapter, index) => {
        const prior = priors[index];
        if (!prior) return {};
        const [audio, transcript] = await Promise.all([
          sameBytes('audios', prior.audioFileId, chapter.audio?.buffer),
          sameTranscript(prior.transcriptFileId, chapter),
        ]);
        return {
          ...(audio ? { audio } : {}),
          ...(transcript ? { transcript } : {}),
        };
      }),
    ),
  ]);
  return { ...(cover ? { cover } : {}), chapters };
}

/**
 * Whether the story still holds what was found before its lock was taken: an edit in between
 * (another audio, a studio save) would otherwise be undone by the import.
 */
export function stillStored(kept: AlreadyStored, story: StoryWithChapters | undefined): boolean {
  const priors = chaptersInPlace(story);
  const coverKey = story?.imageUrl ? storedCoverKey(story.imageUrl) : undefined;
  return (
    (kept.cover === undefined || kept.cover === coverKey) &&
    kept.chapters.every(
      (chapter, index) =>
        (chapter.audio === undefined || chapter.audio === priors[index]?.audioFileId) &&
        (chapter.transcript === undefined ||
          chapter.transcript === priors[index]?.transcriptFileId),
    )
  );
}
