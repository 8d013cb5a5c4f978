import type { TranscriptSegment } from '#shared/transcript';
import { tokenizeWords } from '#shared/studio/words';

/** A stretch of a sentence's text: one of its words (by index), or what lies between them. */
export interface SentencePiece {
  text: string;
  word: number | null;
}

/**
 * A sentence's text cut at its words, so each can be marked (spoken now, doubtful) while the text
 * stays exactly as written. Words are found in order by their text; one that is not found (a
 * transcript whose words differ from its text) leaves the text around it unmarked.
 */
export function sentencePieces(
  segment: Pick<TranscriptSegment, 'text' | 'words'>,
): SentencePiece[] {
  const tokens = tokenizeWords(segment.text);
  const pieces: SentencePiece[] = [];
  let nextToken = 0;
  let written = 0;
  segment.words.forEach((word, index) => {
    const found = tokens.findIndex((token, at) => at >= nextToken && token.text === word.text);
    if (found < 0) return;
    const token = tokens[found]!;
    if (token.start > written)
      pieces.push({ text: segment.text.slice(written, token.start), word: null });
    pieces.push({ text: token.text, word: index });
    written = token.end;
    nextToken = found + 1;
  });
  if (written < segment.text.length) pieces.push({ text: segment.text.slice(written), word: null });
  return pieces;
}
