import { isDoubtful } from '#shared/studio/doubtful';
import type { Transcript, TranscriptSegment } from '#shared/transcript';
import type { WordRef } from './word-timing';

/** The one rule of what is doubtful lives in src/shared (publishing counts doubtful timings too). */
export { isDoubtful };

export type DoubtfulPlace =
  | { kind: 'sentence'; key: string; segment: number; confidence: number }
  | { kind: 'word'; key: string; segment: number; word: number; confidence: number };

/** Every doubtful sentence and word, the least confident first (then in reading order). */
export function doubtfulPlaces(transcript: Transcript): DoubtfulPlace[] {
  const places: DoubtfulPlace[] = [];
  transcript.segments.forEach((segment, segmentIndex) => {
    if (isDoubtful(segment.confidence)) {
      places.push({
        kind: 'sentence',
        key: `s:${segment.id}`,
        segment: segmentIndex,
        confidence: segment.confidence,
      });
    }
    segment.words.forEach((word, wordIndex) => {
      if (isDoubtful(word.confidence)) {
        places.push({
          kind: 'word',
          key: `w:${segment.id}:${word.id}`,
          segment: segmentIndex,
          word: wordIndex,
          confidence: word.confidence,
        });
      }
    });
  });
  // A stable sort keeps reading order among equal confidences.
  return places.sort((a, b) => a.confidence - b.confidence);
}

/**
 * "Next doubtful": the least confident place the administrator has not been sent to yet. Once
 * every doubtful place has been visited, the round starts again from the least confident
 * (`restarted`); a place stops being doubtful when its timing is edited or confirmed.
 */
export function nextDoubtful(
  transcript: Transcript,
  visited: ReadonlySet<string>,
): { place: DoubtfulPlace; restarted: boolean } | null {
  const places = doubtfulPlaces(transcript);
  if (places.length === 0) return null;
  const unvisited = places.find((place) => !visited.has(place.key));
  return unvisited
    ? { place: unvisited, restarted: false }
    : { place: places[0]!, restarted: true };
}

/** What the aligner said of a timing: its confidence, and for a word why it doubts it. */
function withoutDoubt<T extends { confidence?: number; timingDoubt?: unknown }>(item: T): T {
  const { confidence: _confidence, timingDoubt: _reason, ...rest } = item;
  return rest as T;
}

/**
 * A person set or confirmed this word's time: the aligner's confidence and its reason for doubt
 * no longer describe it, so both are dropped (the word is no longer doubtful, now or after saving).
 */
export function clearWordDoubt(transcript: Transcript, ref: WordRef): Transcript {
  const segment = transcript.segments[ref.segment];
  const word = segment?.words[ref.word];
  if (!segment || !word || (word.confidence === undefined && word.timingDoubt === undefined)) {
    return transcript;
  }
  const words = segment.words.slice();
  words[ref.word] = withoutDoubt(word);
  return replaceSegment(transcript, ref.segment, { ...segment, words });
}

/** A person confirmed the sentence's timing as a whole. */
export function clearSentenceDoubt(transcript: Transcript, segmentIndex: number): Transcript {
  const segment = transcript.segments[segmentIndex];
  if (!segment || segment.confidence === undefined) return transcript;
  return replaceSegment(transcript, segmentIndex, withoutDoubt(segment));
}

/** What accepting at a place accepted: a word's timing, the sentence's, or nothing doubtful. */
export type AcceptedDoubt = { kind: 'word'; word: number } | { kind: 'sentence' } | null;

/**
 * The full editor's accept (T, as review mode's): in sentence `segment`, the word's doubtful
 * timing when the word is doubtful, else the sentence's when it is; else nothing changes.
 */
export function acceptDoubtAt(
  transcript: Transcript,
  segment: number,
  word: number | null,
): { transcript: Transcript; accepted: AcceptedDoubt } {
  const sentence = transcript.segments[segment];
  if (!sentence) return { transcript, accepted: null };
  if (word !== null && isDoubtful(sentence.words[word]?.confidence)) {
    return {
      transcript: clearWordDoubt(transcript, { segment, word }),
      accepted: { kind: 'word', word },
    };
  }
  if (isDoubtful(sentence.confidence)) {
    return { transcript: clearSentenceDoubt(transcript, segment), accepted: { kind: 'sentence' } };
  }
  return { transcript, accepted: null };
}

function replaceSegment(transcript: Transcript, index: number, segment: TranscriptSegment) {
  const segments = transcript.segments.slice();
  segments[index] = segment;
  return { segments };
}
