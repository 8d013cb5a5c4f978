import type { Transcript } from '#shared/transcript';
import { untimedTranscript } from '#shared/studio/untimed-transcript';

/**
 * What the align panel sends: the text as typed or read from a .txt file, or the sentences of a
 * transcript file (its translations and glosses kept, its times, if any, ignored).
 */
export type AlignmentSource =
  | { kind: 'text'; text: string }
  | { kind: 'transcript'; transcript: Transcript; translations: number; glosses: number };

export class UnreadableFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableFileError';
  }
}

/** A chapter of a story package (docs/content.md) lists its `sentences`: read them as segments. */
const asTranscriptData = (data: unknown): unknown =>
  typeof data === 'object' &&
  data !== null &&
  !('segments' in data) &&
  'sentences' in data &&
  Array.isArray(data.sentences)
    ? { segments: data.sentences }
    : data;

/**
 * Reads a file chosen in the align panel: .json as a transcript with or without times (the
 * shared rule, src/shared/studio/untimed-transcript.ts), anything else as plain text, which the
 * server splits into sentences.
 */
export function readAlignmentFile(name: string, content: string): AlignmentSource {
  const text = content.replace(/^\uFEFF/, '');
  if (!name.toLowerCase().endsWith('.json')) {
    if (text.trim() === '') throw new UnreadableFileError(`${name} is empty.`);
    return { kind: 'text', text };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new UnreadableFileError(`${name} is not valid JSON.`);
  }
  let transcript: Transcript;
  try {
    transcript = untimedTranscript(asTranscriptData(data));
  } catch (error) {
    throw new UnreadableFileError(`${name}: ${(error as Error).message}`);
  }
  if (transcript.segments.length === 0) {
    throw new UnreadableFileError(`${name} has no sentences with words.`);
  }
  return {
    kind: 'transcript',
    transcript,
    translations: transcript.segments.filter((segment) => segment.translation?.trim()).length,
    glosses: transcript.segments.reduce(
      (count, segment) => count + segment.words.filter((word) => word.gloss?.trim()).length,
      0,
    ),
  };
}
