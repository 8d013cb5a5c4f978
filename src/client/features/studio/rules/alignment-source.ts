import { z } from 'zod';
import { textSources, type Transcript } from '#shared/transcript';
import { tokenizeWords } from '#shared/studio/words';

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

const sourceSchema = z.enum(textSources).optional();
const looseWordSchema = z.object({
  id: z.string().min(1).optional(),
  text: z.string().min(1),
  gloss: z.string().optional(),
  glossSource: sourceSchema,
});
const looseSentenceSchema = z.object({
  id: z.string().min(1).optional(),
  text: z.string(),
  translation: z.string().optional(),
  translationSource: sourceSchema,
  words: z.array(looseWordSchema).optional(),
});
/**
 * A transcript in our format with or without times, a bare array of its segments, or a chapter
 * of a story package (`sentences`, docs/content.md).
 */
const looseTranscriptSchema = z.union([
  z.object({ segments: z.array(looseSentenceSchema) }).transform((value) => value.segments),
  z.object({ sentences: z.array(looseSentenceSchema) }).transform((value) => value.sentences),
  z.array(looseSentenceSchema),
]);
type LooseSentence = z.infer<typeof looseSentenceSchema>;

const allUnique = (ids: ReadonlyArray<string | undefined>) =>
  ids.every((id) => id !== undefined) && new Set(ids).size === ids.length;

/** Sentences become segments timed 0–0 (the aligner times them); missing words come from the text. */
function untimedTranscript(sentences: LooseSentence[]): Transcript {
  const kept = sentences.filter((sentence) => sentence.text.trim() !== '');
  const keepSentenceIds = allUnique(kept.map((sentence) => sentence.id));
  return {
    segments: kept.map((sentence, index) => {
      const id = keepSentenceIds ? sentence.id! : `s${index + 1}`;
      const words = sentence.words ?? tokenizeWords(sentence.text);
      const keepWordIds = allUnique(words.map((word) => ('id' in word ? word.id : undefined)));
      return {
        id,
        start: 0,
        end: 0,
        text: sentence.text,
        ...(sentence.translation === undefined ? {} : { translation: sentence.translation }),
        ...(sentence.translationSource ? { translationSource: sentence.translationSource } : {}),
        words: words.map((word, wordIndex) => ({
          id: keepWordIds && 'id' in word ? word.id! : `${id}w${wordIndex + 1}`,
          text: word.text,
          start: 0,
          end: 0,
          ...('gloss' in word && word.gloss !== undefined ? { gloss: word.gloss } : {}),
          ...('glossSource' in word && word.glossSource ? { glossSource: word.glossSource } : {}),
        })),
      };
    }),
  };
}

/** Reads a file chosen in the align panel: .json as a transcript, anything else as plain text. */
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
  const parsed = looseTranscriptSchema.safeParse(data);
  if (!parsed.success) {
    throw new UnreadableFileError(
      `${name} is not a transcript: it needs "segments" (or "sentences"), each with its "text".`,
    );
  }
  const transcript = untimedTranscript(parsed.data);
  if (transcript.segments.length === 0) throw new UnreadableFileError(`${name} has no sentences.`);
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
