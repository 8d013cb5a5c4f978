import type { Transcript, TranscriptSegment, TranscriptWord } from '#shared/transcript';

/** A piece of a segment's text: plain text between words, or the global index of a word. */
export type SegmentPiece = string | number;

/**
 * Everything the per-frame highlighter and the delegated click handlers need, computed once per
 * transcript: flat typed arrays (no allocation per frame) and the text of each segment split around
 * its words so punctuation stays where the author put it.
 */
export interface TranscriptIndex {
  readonly words: readonly TranscriptWord[];
  /** Start of each word, never decreasing (binary search needs sorted starts). */
  readonly wordStarts: Float64Array;
  /** The segment each word belongs to. */
  readonly wordSegment: Int32Array;
  /** Index of each segment's first word (equal to the next segment's when it has none). */
  readonly segmentFirstWord: Int32Array;
  readonly segmentStarts: Float64Array;
  readonly segments: readonly TranscriptSegment[];
  readonly pieces: readonly (readonly SegmentPiece[])[];
  readonly wordCount: number;
}

/**
 * Splits `text` around the given words, in order. A word missing from the text (a transcript whose
 * words were edited apart from its line) falls back to the words joined by spaces.
 */
export function splitSegmentText(
  text: string,
  words: readonly { text: string }[],
  firstWordIndex: number,
): SegmentPiece[] {
  const pieces: SegmentPiece[] = [];
  let cursor = 0;
  for (let i = 0; i < words.length; i += 1) {
    const found = text.indexOf(words[i]!.text, cursor);
    if (found < 0) {
      return words.flatMap((_, index) =>
        index === 0 ? [firstWordIndex] : [' ', firstWordIndex + index],
      );
    }
    if (found > cursor) pieces.push(text.slice(cursor, found));
    pieces.push(firstWordIndex + i);
    cursor = found + words[i]!.text.length;
  }
  if (cursor < text.length) pieces.push(text.slice(cursor));
  return pieces;
}

export function buildTranscriptIndex(transcript: Transcript): TranscriptIndex {
  const { segments } = transcript;
  const wordCount = segments.reduce((sum, segment) => sum + segment.words.length, 0);
  const words: TranscriptWord[] = new Array<TranscriptWord>(wordCount);
  const wordStarts = new Float64Array(wordCount);
  const wordSegment = new Int32Array(wordCount);
  const segmentFirstWord = new Int32Array(segments.length);
  const segmentStarts = new Float64Array(segments.length);
  const pieces: SegmentPiece[][] = [];

  let w = 0;
  let lastStart = 0;
  let lastSegmentStart = 0;
  segments.forEach((segment, s) => {
    segmentFirstWord[s] = w;
    lastSegmentStart = Math.max(lastSegmentStart, segment.start);
    segmentStarts[s] = lastSegmentStart;
    pieces.push(splitSegmentText(segment.text, segment.words, w));
    for (const word of segment.words) {
      words[w] = word;
      lastStart = Math.max(lastStart, word.start);
      wordStarts[w] = lastStart;
      wordSegment[w] = s;
      w += 1;
    }
  });

  return {
    words,
    wordStarts,
    wordSegment,
    segmentFirstWord,
    segmentStarts,
    segments,
    pieces,
    wordCount,
  };
}
