import { fileTypeFromBuffer } from 'file-type';
import {
  chapterAudioFileName,
  chapterTranscriptFileName,
  coverFileName,
  packageAudioExtensions,
  packageCoverExtensions,
  questionForPackage,
  STORY_PACKAGE_FILE,
  type StoryPackageInput,
} from '#shared/contracts/story-packages';
import type { Transcript } from '#shared/transcript';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import { publicFileUrl } from '../files/public-file-url.ts';
import type { StoryView } from '../stories/published-revision.ts';
import type { TranscriptLoader } from '../stories/transcript-loader.ts';
import type { PackageFiles } from './package-files.ts';
import { sentenceMarksOf, wordMarksOf } from './review-marks.ts';

const COVER_PREFIX = publicFileUrl('series-images', '');

/** The storage key of a story's cover when it is one of our uploads, else undefined. */
export const storedCoverKey = (imageUrl: string): string | undefined =>
  imageUrl.startsWith(COVER_PREFIX) ? imageUrl.slice(COVER_PREFIX.length) : undefined;

/** The extension a package gives this content (an M4A is an MP4 by its magic bytes). */
async function extensionOf(body: Buffer, accepted: readonly string[]) {
  const detected = (await fileTypeFromBuffer(body))?.ext;
  const extension = detected === 'mp4' ? 'm4a' : detected;
  return extension !== undefined && accepted.includes(extension) ? extension : undefined;
}

/**
 * A story.json sentence per transcript segment: its text, translation and words' glosses, each
 * with its review state when the transcript has one (decision 043).
 */
const sentencesOf = (transcript: Transcript) =>
  transcript.segments.map((segment) => ({
    text: segment.text,
    ...(segment.translation === undefined ? {} : { translation: segment.translation }),
    ...sentenceMarksOf(segment),
    words: segment.words.map((word) => ({
      text: word.text,
      ...(word.gloss === undefined ? {} : { gloss: word.gloss }),
      ...wordMarksOf(word),
    })),
  }));

/** A stored file the working copy names but storage does not hold (or cannot read) is named. */
async function orMissing<T>(reading: Promise<T>, what: string): Promise<T> {
  try {
    return await reading;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      throw notFound(`${what} is missing from storage`);
    }
    throw error;
  }
}

/**
 * A story's working copy as package files (docs/content.md): story.json (with each chapter's
 * comprehension questions), the cover when it is one of our uploads, and per chapter its audio
 * and its transcript (as JSON, with every field it has: times, translations, glosses and their
 * sources).
 */
export async function exportPackageFiles(
  story: StoryView,
  deps: { storage: ObjectStorage; transcripts: TranscriptLoader },
): Promise<PackageFiles> {
  const { storage, transcripts } = deps;
  const files: PackageFiles = new Map();
  const read = (bucket: 'audios' | 'series-images', key: string, what: string) =>
    orMissing(storage.readBuffer(bucket, key), what);

  const chapters: StoryPackageInput['chapters'] = [];
  for (const [index, chapter] of story.chapters.entries()) {
    const number = index + 1;
    let sentences: ReturnType<typeof sentencesOf> = [];
    let lineIds: string[] = [];
    if (chapter.transcriptFileId !== '') {
      const { transcript } = await orMissing(
        transcripts.load(chapter.transcriptFileId),
        `Chapter ${number}'s transcript`,
      );
      sentences = sentencesOf(transcript);
      lineIds = transcript.segments.map((segment) => segment.id);
      files.set(
        chapterTranscriptFileName(number),
        Buffer.from(`${JSON.stringify(transcript, null, 2)}\n`),
      );
    }
    if (chapter.audioFileId !== '') {
      const audio = await read('audios', chapter.audioFileId, `Chapter ${number}'s audio`);
      const extension = (await extensionOf(audio, packageAudioExtensions)) ?? 'm4a';
      files.set(chapterAudioFileName(number, extension), audio);
    }
    // Always written, [] when there are none: a package without them keeps a chapter's own.
    const questions = chapter.questions.map((question) => questionForPackage(question, lineIds));
    chapters.push({ title: chapter.title, sentences, questions });
  }

  const coverKey = story.imageUrl ? storedCoverKey(story.imageUrl) : undefined;
  if (coverKey) {
    const cover = await read('series-images', coverKey, 'The cover');
    const extension = await extensionOf(cover, packageCoverExtensions);
    if (extension) files.set(coverFileName(extension), cover);
  }

  const storyFile: StoryPackageInput = {
    slug: story.slug,
    title: story.title,
    description: story.description,
    level: story.level,
    language: story.language,
    position: story.position,
    requires_login: story.requiresLogin,
    new_words_count: story.newWordsCount,
    chapters,
  };
  files.set(STORY_PACKAGE_FILE, Buffer.from(`${JSON.stringify(storyFile, null, 2)}\n`));
  return files;
}
