import type { TranslationSummary } from '../contracts/studio.ts';
import type { Transcript, TranscriptSegment, TranscriptWord } from '../transcript.ts';

/**
 * A translation waits for a person when it is missing or machine-made and not yet approved. One
 * without a source was written by a person (an uploaded file, the demo library).
 */
export const needsTranslation = (segment: TranscriptSegment): boolean =>
  !segment.translation?.trim() || segment.translationSource === 'machine';

export const needsGloss = (word: TranscriptWord): boolean =>
  !word.gloss?.trim() || word.glossSource === 'machine';

/** How many sentences and words of a transcript still wait for an approved translation or gloss. */
export function translationSummary(transcript: Transcript): TranslationSummary {
  let words = 0;
  let wordsNeedingGloss = 0;
  let segmentsNeedingTranslation = 0;
  for (const segment of transcript.segments) {
    if (needsTranslation(segment)) segmentsNeedingTranslation += 1;
    words += segment.words.length;
    for (const word of segment.words) if (needsGloss(word)) wordsNeedingGloss += 1;
  }
  return {
    segments: transcript.segments.length,
    words,
    segmentsNeedingTranslation,
    wordsNeedingGloss,
  };
}
