/**
 * The making run's administrator judges the studio's proposals against what the author wrote
 * (content/studio-stories/<slug>/story.json) and the aligner's timings against where the narrator
 * really said each word (recordings/chapter-<n>.timing.json). These are the rules it judges by.
 */
import { tokenizeWords } from '#shared/studio/words';
import { normallyEqual } from '../../../bench/lib/gloss-agreement.ts';

/** A timing within this of the truth is right (T accepts it); further off, it is fixed. */
export const TIMING_TOLERANCE_SECONDS = 0.06;

const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A proposed translation is kept only when it is the author's own, word for word (spacing
 * aside): the author's translation is what learners should read, so any other is replaced.
 */
export const sameTranslation = (proposed: string, authored: string) =>
  spaced(proposed) === spaced(authored);

/**
 * A proposed gloss is kept when it says what the author's gloss says: the gloss-agreement rule
 * of the prefill benchmark (case, bracketed notes, leading to/a/the, pronouns and auxiliaries
 * aside, words stemmed: "to live" ≡ "she lives"; "raisin" ≢ "happens").
 */
export const sameGloss = (proposed: string, authored: string) =>
  proposed.trim() !== '' && normallyEqual(proposed, authored);

/** Which of the senses review mode offers says the author's gloss (its index), if any. */
export function senseFor(senses: readonly string[], authored: string): number | null {
  const strict = senses.findIndex((sense) => sense.trim() === authored.trim());
  if (strict >= 0) return strict;
  const close = senses.findIndex((sense) => sameGloss(sense, authored));
  return close >= 0 ? close : null;
}

/** A sentence as the recording's timing file has it: its span and each said word's start. */
export interface TrueSentence {
  start: number;
  end: number;
  wordStarts: number[];
}

export interface Departure {
  /** 1-based. */
  sentence: number;
  said: string;
}

const fold = (word: string) => word.toLocaleLowerCase('es');

/**
 * When each written word of a sentence was really said: the text's words matched with the words
 * said (what a departure changed, or the text), in order. A word said differently («hijo» said
 * «mijo», «9:30» said «nueve treinta») takes the start of what was said in its place; a skipped
 * word has no true time (null).
 */
export function trueWordStarts(
  written: string,
  said: string,
  truth: TrueSentence,
): (number | null)[] {
  const a = tokenizeWords(written).map((token) => fold(token.text));
  const b = tokenizeWords(said).map((token) => fold(token.text));
  if (b.length !== truth.wordStarts.length) {
    throw new Error(
      `the timing file has ${truth.wordStarts.length} word starts for «${said}» (${b.length} words)`,
    );
  }
  // Longest common subsequence of the two word lists.
  const lengths = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i]![j] =
        a[i] === b[j]
          ? lengths[i + 1]![j + 1]! + 1
          : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const starts: (number | null)[] = new Array<number | null>(a.length).fill(null);
  let i = 0;
  let j = 0;
  // Between two matched words, the written words that differ take the said ones in order.
  let gapA: number[] = [];
  let gapB: number[] = [];
  const closeGap = () => {
    gapA.forEach((written, index) => {
      const at = gapB[index];
      if (at !== undefined) starts[written] = truth.wordStarts[at]!;
    });
    gapA = [];
    gapB = [];
  };
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      closeGap();
      starts[i] = truth.wordStarts[j]!;
      i += 1;
      j += 1;
    } else if (j < b.length && (i >= a.length || lengths[i]![j + 1]! >= lengths[i + 1]![j]!)) {
      gapB.push(j);
      j += 1;
    } else {
      gapA.push(i);
      i += 1;
    }
  }
  closeGap();
  return starts;
}

export type TimingVerdict =
  | { verdict: 'right'; off: number }
  | { verdict: 'wrong'; off: number; truth: number }
  | { verdict: 'unsaid' };

/** Is an aligned start right (within the tolerance of when it was said)? */
export function judgeStart(aligned: number, truth: number | null): TimingVerdict {
  if (truth === null) return { verdict: 'unsaid' };
  const off = aligned - truth;
  return Math.abs(off) <= TIMING_TOLERANCE_SECONDS
    ? { verdict: 'right', off }
    : { verdict: 'wrong', off, truth };
}

/** A word's start to move in the editor's timing panel: its index in the sentence, and where to. */
export interface StartMove {
  word: number;
  to: number;
}

/**
 * The words of a sentence whose start is wrong (more than the tolerance from when it was said),
 * in the order the editor can move them: a start is held between its neighbours', so the words
 * going later are moved from the last one back, then those going earlier from the first on.
 */
export function plannedMoves(aligned: readonly number[], truth: readonly (number | null)[]) {
  const wrong: StartMove[] = [];
  aligned.forEach((start, word) => {
    const verdict = judgeStart(start, truth[word] ?? null);
    if (verdict.verdict === 'wrong') wrong.push({ word, to: verdict.truth });
  });
  const later = wrong.filter((move) => move.to > aligned[move.word]!).reverse();
  const earlier = wrong.filter((move) => move.to < aligned[move.word]!);
  return [...later, ...earlier];
}
