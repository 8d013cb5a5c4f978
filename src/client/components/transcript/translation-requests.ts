import type { TranslationRequest } from '#client/lib/api/translate';
import type { TranscriptIndex } from './transcript-index';

/* The requests for a word and a line: the transcript's own English travels along. */

export function wordRequest(
  index: TranscriptIndex,
  w: number,
  chapterId: string | undefined,
): TranslationRequest {
  const word = index.words[w]!;
  const segment = index.segments[index.wordSegment[w]!]!;
  return {
    text: word.text,
    chapterId,
    segmentId: segment.id,
    wordId: word.id,
    local: word.gloss,
    localSource: word.glossSource,
  };
}

export function lineRequest(
  index: TranscriptIndex,
  s: number,
  chapterId: string | undefined,
): TranslationRequest {
  const segment = index.segments[s]!;
  return {
    text: segment.text,
    chapterId,
    segmentId: segment.id,
    local: segment.translation,
    localSource: segment.translationSource,
  };
}
