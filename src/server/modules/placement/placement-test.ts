import type { PlacementClozeItem } from '#shared/contracts/placement';
import { lookupWord } from '#shared/lexicon/index';
import { buildPracticeSet, type PracticeSource } from '#shared/practice/build-set';
import type { ClozeItem } from '#shared/practice/items';
import { shuffled, type Random } from '#shared/practice/random';

/** Listening-cloze items asked from each level's stories (decision 071). */
export const CLOZE_PER_LEVEL = 3;
/** Real words shown from each frequency band, and made-up words mixed among them. */
export const WORDS_PER_BAND = 6;
export const PSEUDO_WORDS_PER_TEST = 8;

/** Words a learner can say they know alone: nouns, verbs, adjectives and adverbs. */
const CONTENT = new Set(['noun', 'verb', 'adj', 'adv']);

export function isContentLemma(lemma: string): boolean {
  const entry = lookupWord(lemma);
  return entry !== null && entry.lemma === lemma && CONTENT.has(entry.pos);
}

/**
 * The word check: `WORDS_PER_BAND` content words at random from each frequency band and
 * `PSEUDO_WORDS_PER_TEST` made-up words, shuffled together.
 */
export function wordSample(
  bands: readonly (readonly string[])[],
  pseudoWords: readonly string[],
  random: Random,
): string[] {
  const real = bands.flatMap((band) =>
    shuffled(band.filter(isContentLemma), random).slice(0, WORDS_PER_BAND),
  );
  const madeUp = shuffled(pseudoWords, random).slice(0, PSEUDO_WORDS_PER_TEST);
  return shuffled([...real, ...madeUp], random);
}

const withFourOptions = (item: ClozeItem) =>
  item.blanks.length > 0 && item.blanks.every((blank) => blank.options.length === 4);

/**
 * A chapter's listening-cloze items for placement: made by the practice generator (decision 066)
 * from its transcript, only those whose every blank offers four options, without their answers
 * (the server scores).
 */
export function placementClozeItems(
  chapterId: string,
  source: PracticeSource,
  seed: string,
): PlacementClozeItem[] {
  return buildPracticeSet(source, seed)
    .filter((item): item is ClozeItem => item.kind === 'cloze')
    .filter(withFourOptions)
    .map((item) => ({
      id: `${chapterId}:${item.id}`,
      chapterId,
      segmentId: item.segmentId,
      clip: item.clip,
      parts: item.parts,
      blanks: item.blanks.map(({ wordId, options }) => ({ wordId, options })),
    }));
}
