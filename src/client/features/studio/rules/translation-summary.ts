import type { TranslationSummary } from '#shared/contracts/studio';
import type { Transcript, TranscriptSegment, TranscriptWord } from '#shared/transcript';

/**
 * A translation waits for a person when it is missing or machine-made and not yet approved. One
 * without a source was written by a person in an uploaded file.
 */
export const needsTranslation = (segment: TranscriptSegment): boolean =>
  !segment.translation?.trim() || segment.translationSource === 'machine';

export const needsGloss = (word: TranscriptWord): boolean =>
  !word.gloss?.trim() || word.glossSource === 'machine';

/** The header's counts, recomputed from the editor's transcript as it changes. */
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

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** "3 sentences and 12 words still need an approved translation or gloss", or "All approved". */
export function describeSummary(summary: TranslationSummary): string {
  const { segmentsNeedingTranslation: sentences, wordsNeedingGloss: words } = summary;
  if (sentences === 0 && words === 0) return 'Every translation and gloss is approved';
  return `${plural(sentences, 'sentence', 'sentences')} and ${plural(words, 'word', 'words')} still need an approved translation or gloss`;
}
