import type { PackageSentence, PackageWord } from '#shared/contracts/story-packages';
import type { TranscriptSegment, TranscriptWord } from '#shared/transcript';

/**
 * A translation's and a gloss's review state (decision 043) as story.json writes it
 * (`translation_source`, `translation_origin`, `gloss_source`, `gloss_origin`) and as the
 * transcript holds it (`translationSource`…). Left out on either side, a person wrote the text.
 * An origin is written only beside "machine", as story.json's schema requires: the studio once
 * kept a proposal's origin when a person approved it, and such a transcript must still export a
 * package that imports.
 */

export const sentenceMarksOf = (segment: TranscriptSegment) => ({
  ...(segment.translationSource ? { translation_source: segment.translationSource } : {}),
  ...(segment.translationSource === 'machine' && segment.translationOrigin
    ? { translation_origin: segment.translationOrigin }
    : {}),
});

export const wordMarksOf = (word: TranscriptWord) => ({
  ...(word.glossSource ? { gloss_source: word.glossSource } : {}),
  ...(word.glossSource === 'machine' && word.glossOrigin ? { gloss_origin: word.glossOrigin } : {}),
});

export const segmentMarksOf = (sentence: PackageSentence) => ({
  ...(sentence.translation_source ? { translationSource: sentence.translation_source } : {}),
  ...(sentence.translation_origin ? { translationOrigin: sentence.translation_origin } : {}),
});

export const transcriptWordMarksOf = (word: PackageWord) => ({
  ...(word.gloss_source ? { glossSource: word.gloss_source } : {}),
  ...(word.gloss_origin ? { glossOrigin: word.gloss_origin } : {}),
});

/**
 * Where story.json marks a sentence's translation or a word's gloss, whether the timed transcript
 * marks it the same (what it leaves out counts as a person's). Words are compared where both
 * files have the same word at the same place. Returns what differs: 'translation' or
 * 'gloss of "<word>"', or null.
 */
export function reviewMarkDifference(
  sentence: PackageSentence,
  segment: TranscriptSegment,
): string | null {
  const given = sentence.translation_source;
  if (given !== undefined && given !== (segment.translationSource ?? 'human')) return 'translation';
  for (const [index, word] of sentence.words.entries()) {
    const other = segment.words[index];
    if (word.gloss_source === undefined || other?.text !== word.text) continue;
    if (word.gloss_source !== (other.glossSource ?? 'human')) return `gloss of "${word.text}"`;
  }
  return null;
}
