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
