import type { LemmaUse } from '../progress/vocabulary.service.ts';

/** How many frequency bands the word check samples (decision 071). */
export const FREQUENCY_BANDS = 4;

/**
 * The common lemmas of the published stories in frequency bands, most frequent first (decision
 * 071). There is no published frequency list in the project, so a lemma's frequency is the site's
 * own: in how many published chapters it occurs (document frequency), then how often in all, then
 * alphabetical so the order is always the same. The ranked list is cut into bands of equal size
 * (the last may be shorter by the remainder); each band is ranked too.
 */
export function frequencyBands(
  use: ReadonlyMap<string, LemmaUse>,
  bandCount = FREQUENCY_BANDS,
): string[][] {
  const ranked = [...use.keys()].sort((a, b) => {
    const left = use.get(a)!;
    const right = use.get(b)!;
    return (
      right.chapters - left.chapters ||
      right.occurrences - left.occurrences ||
      (a < b ? -1 : a > b ? 1 : 0)
    );
  });
  const size = Math.ceil(ranked.length / bandCount);
  const bands: string[][] = [];
  for (let start = 0; start < ranked.length; start += size) {
    bands.push(ranked.slice(start, start + size));
  }
  return bands;
}
