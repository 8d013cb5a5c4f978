import type { TranslationSummary } from '../contracts/studio.ts';
import type { Transcript, TranscriptSegment, TranscriptWord } from '../transcript.ts';
import { glossExemptions } from './gloss-exempt.ts';

/**
 * A translation waits for a person when it is missing or machine-made and not yet approved. One
 * without a source was written by a person (an uploaded file, the demo library).
 */
export const needsTranslation = (segment: TranscriptSegment): boolean =>
  !segment.translation?.trim() || segment.translationSource === 'machine';

const blank = (text: string | undefined) => !text?.trim();

/**
 * A gloss waits for a person when it is machine-made and not yet approved, or missing on a word
 * that needs one (names, numbers and punctuation need none: gloss-exempt.ts).
 */
export const needsGloss = (word: TranscriptWord, exempt = false): boolean =>
  word.glossSource === 'machine' ? !blank(word.gloss) || !exempt : blank(word.gloss) && !exempt;

/** For each word of a sentence, whether its gloss still waits for a person. */
export function glossesWaiting(segment: TranscriptSegment): boolean[] {
  const exemptions = glossExemptions(segment);
  return segment.words.map((word, index) => needsGloss(word, exemptions[index] !== null));
}

/** How many sentences and words of a transcript still wait for an approved translation or gloss. */
export function translationSummary(transcript: Transcript): TranslationSummary {
  let words = 0;
  let wordsNeedingGloss = 0;
  let segmentsNeedingTranslation = 0;
  for (const segment of transcript.segments) {
    if (needsTranslation(segment)) segmentsNeedingTranslation += 1;
    words += segment.words.length;
    wordsNeedingGloss += glossesWaiting(segment).filter(Boolean).length;
  }
  return {
    segments: transcript.segments.length,
    words,
    segmentsNeedingTranslation,
    wordsNeedingGloss,
  };
}
