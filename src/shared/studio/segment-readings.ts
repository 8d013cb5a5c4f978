import { glossText, lookupWord, type GlossToken } from '../lexicon/index.ts';
import type { TranscriptSegment } from '../transcript.ts';

/** How the lexicon reads one word of a sentence (no `en` when it does not know the word). */
export type SegmentReading = Pick<GlossToken, 'text' | 'lemma' | 'en' | 'pos' | 'form' | 'also'>;

/**
 * The lexicon's reading of each word of a sentence, read in its sentence (glossText: after an
 * article a noun is preferred, after a pronoun a verb): the sentence's tokens are matched to the
 * words in order, and a word the tokens do not line up with (`d'Artagnan`, `15.000`) is looked up
 * alone.
 */
export function segmentReadings(
  segment: Pick<TranscriptSegment, 'text' | 'words'>,
): SegmentReading[] {
  const tokens = glossText(segment.text).tokens;
  let next = 0;
  return segment.words.map((word) => {
    const found = tokens.findIndex((token, index) => index >= next && token.text === word.text);
    if (found >= 0) {
      next = found + 1;
      return tokens[found]!;
    }
    const alone = lookupWord(word.text);
    return alone ? { ...alone, text: word.text } : { text: word.text };
  });
}
