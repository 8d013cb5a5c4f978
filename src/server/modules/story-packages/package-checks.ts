import { uploadRules, type UploadRule } from '#shared/contracts/admin-files';
import type { ChapterQuestion } from '#shared/contracts/comprehension';
import {
  packageAudioExtensions,
  packageCoverExtensions,
  questionFromPackage,
  STORY_PACKAGE_FILE,
  storyPackageMessages as says,
  storyPackageSchema,
  type PackageQuestion,
  type PackageSentence,
  type PackageWord,
  type StoryPackage,
} from '#shared/contracts/story-packages';
import type { ErrorIssue } from '#shared/errors';
import { checkTimedTranscript } from '#shared/studio/check-transcript';
import { tokenizeWords } from '#shared/studio/words';
import type { Transcript } from '#shared/transcript';
import { InvalidTranscriptError, parseTranscript } from '#shared/transcript-parse';
import { RecordingTooLongError, uploadedRecordingSeconds } from '../../lib/audio/index.ts';
import { badRequest, payloadTooLarge, validationError } from '../../lib/errors.ts';
import { checkContent, decodeText, type CheckedFile } from '../../lib/upload-checks.ts';
import { packageEntryOf, type PackageFiles } from './package-files.ts';
import { reviewMarkDifference, segmentMarksOf, transcriptWordMarksOf } from './review-marks.ts';
import { recordingSeconds } from '#shared/format';

export interface CheckedAudio extends CheckedFile {
  /** Whole seconds measured from the file (null when it cannot be told): never typed. */
  durationSeconds: number | null;
  /** The same, exact: a timed transcript must end inside it. */
  exactSeconds: number | null;
}

export interface CheckedTranscript {
  /** The file as it came: stored as it is. */
  body: Buffer;
  transcript: Transcript;
}

export interface CheckedChapter {
  /** 1-based, in story.json's order. */
  number: number;
  title: string;
  audio?: CheckedAudio;
  transcript?: CheckedTranscript;
  /** The chapter's text without timings, to align with its audio once stored. */
  untimed?: Transcript;
  /**
   * Its comprehension questions, lines named by their transcript ids (the aligner keeps an
   * untimed transcript's ids); undefined when story.json leaves them out (decision 069).
   */
  questions?: ChapterQuestion[];
}

/** A package every part of which passed its check: nothing of it is stored yet. */
export interface CheckedPackage {
  story: StoryPackage;
  cover?: CheckedFile;
  chapters: CheckedChapter[];
}

const jsonPointer = (path: PropertyKey[]) => `/${path.map(String).join('/')}`;

function readStoryFile(files: PackageFiles): StoryPackage {
  const raw = files.get(STORY_PACKAGE_FILE);
  if (!raw) throw badRequest(says.noStoryFile);
  const text = decodeText(raw);
  let data: unknown;
  try {
    data = JSON.parse(text ?? '');
  } catch {
    throw validationError(says.storyFileInvalid);
  }
  const parsed = storyPackageSchema.safeParse(data);
  if (!parsed.success) {
    const issues: ErrorIssue[] = parsed.error.issues.map((issue) => ({
      path: jsonPointer(issue.path),
      message: issue.message,
    }));
    const [first] = issues;
    throw validationError(`${STORY_PACKAGE_FILE} ${first!.path}: ${first!.message}`, {
      context: STORY_PACKAGE_FILE,
      issues,
    });
  }
  return parsed.data;
}

/** A file of the package checked by its magic bytes, as the upload of its kind would be. */
const checkMedia = (rule: UploadRule, name: string, buffer: Buffer) =>
  checkContent(rule, { buffer, originalFilename: name, declaredType: '' });

/** What a package may hold beside its files' sizes (decision 059). */
export interface PackageLimits {
  /** MAX_RECORDING_MINUTES, in seconds. */
  maxRecordingSeconds: number;
}

/**
 * Seconds of a chapter's recording as the admin upload measures them (its stream), or null;
 * one longer than the limit refuses the package.
 */
async function durationOf(
  number: number,
  file: CheckedFile,
  limits: PackageLimits,
): Promise<number | null> {
  try {
    return await uploadedRecordingSeconds(file.buffer, file.contentType, {
      maxSeconds: limits.maxRecordingSeconds,
    });
  } catch (error) {
    if (error instanceof RecordingTooLongError) {
      throw payloadTooLarge(says.recordingTooLong(number, error.message));
    }
    throw error;
  }
}

function readTranscript(number: number, body: Buffer): CheckedTranscript {
  const text = decodeText(body);
  if (text === null || !/^\s*[[{]/.test(text)) {
    throw validationError(says.transcriptInvalid(number, 'it is not a JSON transcript'));
  }
  try {
    return { body, transcript: parseTranscript(text) };
  } catch (error) {
    if (error instanceof InvalidTranscriptError) {
      throw validationError(says.transcriptInvalid(number, error.message));
    }
    throw error;
  }
}

/**
 * A chapter's sentences as a transcript without timings (every time 0): what the aligner takes,
 * keeping the translations and glosses with their review state (decision 043). Words not listed
 * come from the sentence's text.
 */
export function untimedTranscript(
  sentences: StoryPackage['chapters'][number]['sentences'],
): Transcript {
  return {
    segments: sentences.map((sentence, index) => {
      const id = `s${index + 1}`;
      const words: PackageWord[] =
        sentence.words.length > 0
          ? sentence.words
          : tokenizeWords(sentence.text).map((token) => ({ text: token.text }));
      return {
        id,
        start: 0,
        end: 0,
        text: sentence.text,
        ...(sentence.translation === undefined ? {} : { translation: sentence.translation }),
        ...segmentMarksOf(sentence),
        words: words.map((word, wordIndex) => ({
          id: `${id}w${wordIndex + 1}`,
          text: word.text,
          start: 0,
          end: 0,
          ...(word.gloss === undefined ? {} : { gloss: word.gloss }),
          ...transcriptWordMarksOf(word),
        })),
      };
    }),
  };
}

/**
 * A timed transcript passes the studio's rules for what learners may get (ordered times, words in
 * their sentence, nothing after the end of the chapter's audio), as an editor's save would.
 */
function checkTimings(chapter: CheckedChapter) {
  const problems = checkTimedTranscript(chapter.transcript!.transcript, {
    durationSeconds: chapter.audio?.exactSeconds ?? undefined,
  });
  if (problems.length === 0) return;
  const file = `chapter-${chapter.number}.json`;
  const [first] = problems;
  throw validationError(
    says.transcriptInvalid(chapter.number, `${first!.path} ${first!.message}`),
    {
      context: file,
      issues: problems,
    },
  );
}

/**
 * The timed transcript and story.json must tell the same text, sentence by sentence, and mark
 * translations and glosses alike where story.json marks them (decision 043): the transcript is
 * what is stored, so a mark it lacks would be lost.
 */
function checkSameText(chapter: CheckedChapter, sentences: PackageSentence[]) {
  const segments = chapter.transcript!.transcript.segments;
  if (sentences.length === 0) return;
  const count = Math.max(sentences.length, segments.length);
  for (let index = 0; index < count; index++) {
    if (sentences[index]?.text !== segments[index]?.text) {
      throw validationError(says.transcriptDiffers(chapter.number, index + 1));
    }
    const differs = reviewMarkDifference(sentences[index]!, segments[index]!);
    if (differs) {
      throw validationError(says.reviewStateDiffers(chapter.number, index + 1, differs));
    }
  }
}

/**
 * A chapter's questions as it will keep them: a line is named by its number in the chapter's
 * sentences, which must exist (those of its timed transcript, else of its text to align).
 */
function checkQuestions(chapter: CheckedChapter, questions: PackageQuestion[]): ChapterQuestion[] {
  const lines = (chapter.transcript?.transcript ?? chapter.untimed)?.segments ?? [];
  const lineIds = lines.map((segment) => segment.id);
  questions.forEach((question, index) => {
    if (question.line !== undefined && question.line > lineIds.length) {
      throw validationError(
        says.questionLineMissing(chapter.number, index + 1, question.line, lineIds.length),
      );
    }
  });
  return questions.map((question) => questionFromPackage(question, lineIds));
}

const isCoverExtension = (extension: string) =>
  (packageCoverExtensions as readonly string[]).includes(extension);
const isAudioExtension = (extension: string) =>
  (packageAudioExtensions as readonly string[]).includes(extension);

/**
 * Every check of a package, before anything of it is stored: story.json by the shared schema, each
 * file by its name, its size (package-files.ts) and its content (magic bytes for the cover and the
 * audio, the player's parser for transcripts), and each chapter as a whole (its text and its
 * timed transcript agree; text is never imported without a recording to align it with).
 */
export async function checkPackage(
  files: PackageFiles,
  limits: PackageLimits,
): Promise<CheckedPackage> {
  const story = readStoryFile(files);
  const chapters: CheckedChapter[] = story.chapters.map((chapter, index) => ({
    number: index + 1,
    title: chapter.title,
  }));
  let cover: CheckedFile | undefined;

  for (const [name, buffer] of files) {
    const entry = packageEntryOf(name);
    if (!entry || entry.kind === 'story') continue;
    if (entry.kind === 'cover') {
      if (!isCoverExtension(entry.extension)) throw badRequest(says.unexpectedFile(name));
      if (cover) throw badRequest(says.severalCovers);
      cover = await checkMedia(uploadRules.cover, name, buffer);
      continue;
    }
    const chapter = chapters[entry.number - 1];
    if (!chapter) throw badRequest(says.chapterWithoutEntry(name, chapters.length));
    if (entry.extension === 'json') {
      chapter.transcript = readTranscript(entry.number, buffer);
    } else if (isAudioExtension(entry.extension)) {
      if (chapter.audio) throw badRequest(says.severalAudios(entry.number));
      const audio = await checkMedia(uploadRules.audio, name, buffer);
      const exactSeconds = await durationOf(entry.number, audio, limits);
      chapter.audio = {
        ...audio,
        durationSeconds: exactSeconds === null ? null : recordingSeconds(exactSeconds),
        exactSeconds,
      };
    } else {
      throw badRequest(says.unexpectedFile(name));
    }
  }

  for (const chapter of chapters) {
    const { sentences, questions } = story.chapters[chapter.number - 1]!;
    if (chapter.transcript) {
      checkTimings(chapter);
      checkSameText(chapter, sentences);
    } else if (sentences.length > 0) {
      if (!chapter.audio) throw validationError(says.textWithoutAudio(chapter.number));
      chapter.untimed = untimedTranscript(sentences);
      if (!chapter.untimed.segments.some((segment) => segment.words.length > 0)) {
        throw validationError(says.nothingToAlign(chapter.number));
      }
    }
    if (questions) chapter.questions = checkQuestions(chapter, questions);
  }
  return { story, ...(cover ? { cover } : {}), chapters };
}
