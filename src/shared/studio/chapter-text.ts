import { ALIGNMENT_TEXT_MAX_CHARS } from '../contracts/studio.ts';
import { InvalidTranscriptError, looksInvalid, parseTranscript } from '../transcript-parse.ts';
import type { Transcript } from '../transcript.ts';
import { transcriptFromText } from './plain-text.ts';

/**
 * A chapter's plain text (decision 048): the story wizard takes a chapter's Spanish text as a
 * file and the server aligns it with the chapter's recording once the story is saved. One rule
 * for the wizard (at once, when the file is chosen) and the story contract (on save).
 */

export const chapterTextMessages = {
  empty: 'The text is empty',
  notText: 'This file is not text: choose a UTF-8 text file (.txt) or a transcript (.json)',
  htmlPage: 'This file is a web page, not the chapter’s text',
  noWords: 'The text has no Spanish words to align',
  tooLong: `The text is too long: at most ${ALIGNMENT_TEXT_MAX_CHARS.toLocaleString('en-US')} characters`,
  needsAudio: 'Add the chapter’s audio too: its text is aligned with the recording',
  notBoth: 'Choose either a transcript file or a text to align, not both',
} as const;

/** Whether a transcript has a word the aligner can place: one with a letter (the engine's rule). */
export const hasSpanishWords = (transcript: Transcript) =>
  transcript.segments.some((segment) => segment.words.some((word) => /\p{L}/u.test(word.text)));

/** Why a chapter's plain text cannot be aligned, or null when it can. */
export function chapterTextProblem(text: string): string | null {
  if (text.trim() === '') return chapterTextMessages.empty;
  if (text.length > ALIGNMENT_TEXT_MAX_CHARS) return chapterTextMessages.tooLong;
  if (text.includes('\0')) return chapterTextMessages.notText;
  if (!hasSpanishWords(transcriptFromText(text))) return chapterTextMessages.noWords;
  return null;
}

/**
 * Why a chapter sent with a text cannot keep it (the text's own problem, no audio to align it
 * with, or a transcript file as well), or null; a chapter without a text has none.
 */
export function chapterWithTextProblem(chapter: {
  text?: string | undefined;
  audioFileId: string;
  transcriptFileId: string;
}): string | null {
  if (chapter.text === undefined) return null;
  return (
    chapterTextProblem(chapter.text) ??
    (chapter.audioFileId.trim() === '' ? chapterTextMessages.needsAudio : null) ??
    (chapter.transcriptFileId.trim() !== '' ? chapterTextMessages.notBoth : null)
  );
}

/** What a file chosen as a chapter's transcript turned out to be. */
export type ChapterFile =
  /** A transcript the player reads (JSON, or text with timestamped lines): uploaded as it is. */
  | { kind: 'transcript' }
  /** Plain text to align with the recording, and how many sentences it has. */
  | { kind: 'text'; text: string; sentences: number }
  | { kind: 'refused'; message: string };

/**
 * Reads a file chosen for a chapter's transcript: UTF-8 without NUL bytes (a byte order mark
 * dropped), then a transcript the player reads, or else plain text with Spanish words in it.
 * A JSON file that is no transcript is refused with the parser's reason.
 */
export function readChapterFile(bytes: Uint8Array): ChapterFile {
  let raw: string;
  try {
    raw = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { kind: 'refused', message: chapterTextMessages.notText };
  }
  if (raw.includes('\0')) return { kind: 'refused', message: chapterTextMessages.notText };
  if (raw.trim() === '') return { kind: 'refused', message: chapterTextMessages.empty };
  if (looksInvalid(raw)) return { kind: 'refused', message: chapterTextMessages.htmlPage };
  try {
    parseTranscript(raw);
    return { kind: 'transcript' };
  } catch (error) {
    if (!(error instanceof InvalidTranscriptError)) throw error;
    if (/^\s*[[{]/.test(raw)) return { kind: 'refused', message: error.message };
  }
  const problem = chapterTextProblem(raw);
  if (problem !== null) return { kind: 'refused', message: problem };
  return { kind: 'text', text: raw, sentences: transcriptFromText(raw).segments.length };
}
