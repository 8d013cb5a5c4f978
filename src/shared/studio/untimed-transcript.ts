import { z } from 'zod';
import { InvalidTranscriptError } from '../transcript-parse.ts';
import {
  transcriptSchema,
  type Transcript,
  type TranscriptSegment,
  type TranscriptWord,
} from '../transcript.ts';
import { transcriptFromText, untimedWords } from './plain-text.ts';
import { tokenizeWords } from './words.ts';

const textSourceSchema = transcriptSchema.shape.segments.element.shape.translationSource;

/** A transcript file whose times may be missing (they are ignored): what an administrator has. */
const untimedWordSchema = z.object({
  id: z.string().min(1).optional(),
  text: z.string().trim().min(1, 'a word has no text'),
  gloss: z.string().optional(),
  glossSource: textSourceSchema,
});
const untimedSegmentSchema = z.object({
  id: z.string().min(1).optional(),
  text: z.string(),
  translation: z.string().optional(),
  translationSource: textSourceSchema,
  words: z.array(untimedWordSchema).optional(),
});
/** A bare array of sentences is accepted too, as the player's parser does. */
const untimedTranscriptSchema = z.preprocess(
  (data) => (Array.isArray(data) ? { segments: data } : data),
  z.object({ segments: z.array(untimedSegmentSchema) }),
);

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map((part) =>
    typeof part === 'number' ? `[${part}]` : `.${String(part)}`,
  );
  return `${path.join('').replace(/^\./, '') || 'the file'}: ${issue.message}`;
}

/**
 * A transcript (parsed JSON, with or without times) → the same sentences and words untimed:
 * texts, translations, glosses and their sources kept; times and confidences cleared. A sentence
 * without words gets them from its text. Ids are kept when every one is present and unique, and
 * numbered afresh otherwise. Throws InvalidTranscriptError saying what is wrong.
 */
export function untimedTranscript(data: unknown): Transcript {
  const parsed = untimedTranscriptSchema.safeParse(data);
  if (!parsed.success) {
    throw new InvalidTranscriptError(
      `The transcript does not have the expected shape (${describeIssue(parsed.error.issues[0]!)})`,
    );
  }
  const source = parsed.data.segments.filter(
    (segment) => (segment.words?.length ?? 0) > 0 || tokenizeWords(segment.text).length > 0,
  );
  const ids = source.flatMap((segment) => [segment.id, ...(segment.words ?? []).map((w) => w.id)]);
  const keepIds = ids.every((id) => id !== undefined) && new Set(ids).size === ids.length;

  const segments = source.map((segment, s): TranscriptSegment => {
    const id = keepIds && segment.id ? segment.id : `s${s + 1}`;
    const words: TranscriptWord[] =
      segment.words && segment.words.length > 0
        ? segment.words.map((word, w) => ({
            id: keepIds && word.id ? word.id : `${id}w${w + 1}`,
            text: word.text,
            start: 0,
            end: 0,
            ...(word.gloss !== undefined && { gloss: word.gloss }),
            ...(word.glossSource !== undefined && { glossSource: word.glossSource }),
          }))
        : untimedWords(id, segment.text);
    return {
      id,
      start: 0,
      end: 0,
      text: segment.text,
      ...(segment.translation !== undefined && { translation: segment.translation }),
      ...(segment.translationSource !== undefined && {
        translationSource: segment.translationSource,
      }),
      words,
    };
  });
  return { segments };
}

/**
 * A text file given to the aligner: a transcript JSON (times optional) or plain text. Throws
 * InvalidTranscriptError when it looks like JSON but is not a transcript.
 */
export function transcriptFromFile(content: string): Transcript {
  const trimmed = content.replace(/^\uFEFF/, '').trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let data: unknown;
    try {
      data = JSON.parse(trimmed);
    } catch {
      throw new InvalidTranscriptError('The transcript file is not valid JSON');
    }
    return untimedTranscript(data);
  }
  return transcriptFromText(trimmed);
}
