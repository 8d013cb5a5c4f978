import type { Transcript, TranscriptSegment, TranscriptWord } from '../transcript.ts';
import { splitSentences } from './sentences.ts';
import { tokenizeWords } from './words.ts';

/**
 * What the aligner is given: the chapter's sentences and words, every time 0 until it places them.
 * Sentences get the ids `s1`, `s2`…, words `s1w1`, `s1w2`… as in the demo library.
 */

/** A sentence's words by the word rule, untimed. */
export function untimedWords(segmentId: string, text: string): TranscriptWord[] {
  return tokenizeWords(text).map((token, index) => ({
    id: `${segmentId}w${index + 1}`,
    text: token.text,
    start: 0,
    end: 0,
  }));
}

/**
 * Plain Spanish text → an untimed transcript: sentences split by `splitSentences` (a line break
 * always ends one), words by the word rule. Sentences without a word (`* * *`) are left out; a
 * text without any word gives no segments, which the aligner refuses.
 */
export function transcriptFromText(text: string): Transcript {
  const segments = splitSentences(text)
    .filter((sentence) => tokenizeWords(sentence).length > 0)
    .map((sentence, index): TranscriptSegment => {
      const id = `s${index + 1}`;
      return { id, start: 0, end: 0, text: sentence, words: untimedWords(id, sentence) };
    });
  return { segments };
}
