import { isName, isNumber } from '#shared/practice/word-choice';
import type { Transcript } from '#shared/transcript';

/**
 * How much of a text's vocabulary a learner knows (issue 25, decision 067): the share of its
 * distinct common-word lemmas (the top-2,000 words) they know, and how many of them are new. The
 * same measure for a chapter and for a story (the union of its chapters' lemmas), so a one-chapter
 * story and its chapter always say the same.
 */
export interface KnownShare {
  /** Whole percent, rounded down: 100 only when every word is known. 0 for a text of none. */
  knownPercentage: number;
  /** Distinct lemmas not known yet. */
  newWordsCount: number;
}

export function knownShare(lemmas: Iterable<string>, known: ReadonlySet<string>): KnownShare {
  const distinct = new Set(lemmas);
  let knownCount = 0;
  for (const lemma of distinct) if (known.has(lemma)) knownCount++;
  return {
    knownPercentage: distinct.size === 0 ? 0 : Math.floor((knownCount / distinct.size) * 100),
    newWordsCount: distinct.size - knownCount,
  };
}

/**
 * What a chapter says, counted (decision 071): its common-word lemmas with how often each is said,
 * every running word, and the words of no lemma every listener follows (names and numbers).
 */
export interface ChapterWordCounts {
  /** Distinct, sorted. */
  lemmas: string[];
  /** How often each lemma is said, in the order of `lemmas`. */
  counts: number[];
  runningWords: number;
  freeWords: number;
}

/** Counts a transcript's words: `lemmaOf` gives a word's common lemma, else null. */
export function countChapterWords(
  transcript: Transcript,
  lemmaOf: (word: string) => string | null,
): ChapterWordCounts {
  const byLemma = new Map<string, number>();
  let runningWords = 0;
  let freeWords = 0;
  for (const segment of transcript.segments) {
    segment.words.forEach((word, index) => {
      runningWords++;
      const lemma = lemmaOf(word.text);
      if (lemma) byLemma.set(lemma, (byLemma.get(lemma) ?? 0) + 1);
      else if (isName(segment, index) || isNumber(word.text)) freeWords++;
    });
  }
  const lemmas = [...byLemma.keys()].sort();
  return { lemmas, counts: lemmas.map((lemma) => byLemma.get(lemma)!), runningWords, freeWords };
}

/**
 * The share of running words a learner knows in these chapters, as coverage studies count it
 * (every word as often as it is said; names and numbers known): whole percent, rounded down. A
 * word outside the common words is not known (decision 067 counts no other). 0 for no words.
 */
export function runningCoverage(
  chapters: readonly ChapterWordCounts[],
  known: ReadonlySet<string>,
): number {
  let running = 0;
  let knownWords = 0;
  for (const chapter of chapters) {
    running += chapter.runningWords;
    knownWords += chapter.freeWords;
    chapter.lemmas.forEach((lemma, index) => {
      if (known.has(lemma)) knownWords += chapter.counts[index] ?? 0;
    });
  }
  return running === 0 ? 0 : Math.floor((knownWords / running) * 100);
}
