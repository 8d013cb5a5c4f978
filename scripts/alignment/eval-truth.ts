/** Truth files: the true start of every word of an item's text, in the aligner's segmentation. */
import { transcriptFromFile } from '#shared/studio/untimed-transcript';
import type { EvalTruth } from './eval-set.ts';

export interface TrueWord {
  text: string;
  /** Seconds, or null where the recording does not say this word (skipped, changed). */
  start: number | null;
}

const round = (seconds: number) => Math.round(seconds * 10_000) / 10_000;

/**
 * Lays the true word starts of a text, given in reading order, onto the sentences and words the
 * aligner will make of that text (`transcriptFromFile`), so the bench compares like with like. A
 * sentence starts where its first word does; the word texts must agree one for one.
 */
export function truthFor(
  text: string,
  words: readonly TrueWord[],
  durationSeconds: number,
): EvalTruth {
  const transcript = transcriptFromFile(text);
  let k = 0;
  const segments = transcript.segments.map((segment) => {
    const timed = segment.words.map((word) => {
      const truth = words[k++];
      if (truth?.text !== word.text) {
        throw new Error(
          `truth word ${k} is ${JSON.stringify(truth?.text)}, the text says ${JSON.stringify(word.text)}`,
        );
      }
      return { text: word.text, start: truth.start === null ? null : round(truth.start) };
    });
    return { text: segment.text, start: timed[0]?.start ?? null, words: timed };
  });
  if (k !== words.length) throw new Error(`the text has ${k} words, the truth ${words.length}`);
  return { durationSeconds: round(durationSeconds), segments };
}
