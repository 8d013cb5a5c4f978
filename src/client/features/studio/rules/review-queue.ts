import type { TranslationSummary } from '#shared/contracts/studio';
import type { TimingDoubt as DoubtReason, Transcript, TranscriptSegment } from '#shared/transcript';
import { glossesWaiting, needsTranslation } from '#shared/studio/translation-summary';
import { isDoubtful } from './doubtful';
import { isObviousGloss } from './obvious-gloss';

/** A timing the aligner doubts: one word's (with why, when the aligner said), or the whole sentence's. */
export type TimingDoubt =
  | { kind: 'word'; word: number; confidence: number; reason?: DoubtReason }
  | { kind: 'sentence'; confidence: number };

/** What of one sentence still waits for a person. */
export interface SentenceWaiting {
  /** Its translation is missing or an unapproved machine proposal. */
  translation: boolean;
  /** The words whose gloss waits (missing, or an unapproved machine proposal), in order. */
  glosses: number[];
  /** Its doubtful timings: the words' in reading order, then the sentence's own. */
  doubts: TimingDoubt[];
}

// Review mode asks this of every sentence on every key (the counts stay in view): an edit keeps
// the sentences it did not touch as they were, so their answers are reused.
const waitingCache = new WeakMap<TranscriptSegment, SentenceWaiting>();

export function sentenceWaiting(segment: TranscriptSegment): SentenceWaiting {
  const cached = waitingCache.get(segment);
  if (cached) return cached;
  const glosses: number[] = [];
  glossesWaiting(segment).forEach((waits, index) => {
    if (waits) glosses.push(index);
  });
  const doubts: TimingDoubt[] = [];
  segment.words.forEach((word, index) => {
    if (isDoubtful(word.confidence)) {
      doubts.push({
        kind: 'word',
        word: index,
        confidence: word.confidence,
        ...(word.timingDoubt ? { reason: word.timingDoubt } : {}),
      });
    }
  });
  if (isDoubtful(segment.confidence)) {
    doubts.push({ kind: 'sentence', confidence: segment.confidence });
  }
  const waiting = { translation: needsTranslation(segment), glosses, doubts };
  waitingCache.set(segment, waiting);
  return waiting;
}

export const sentenceWaits = (segment: TranscriptSegment): boolean => {
  const waiting = sentenceWaiting(segment);
  return waiting.translation || waiting.glosses.length > 0 || waiting.doubts.length > 0;
};

/**
 * The sentences review mode visits, by id: every sentence where something waits (a translation, a
 * gloss, a doubtful timing), in reading order. Reading order rather than least confident first:
 * each sentence is visited once whatever the order, and in the story's order the audio runs on,
 * the previous sentence gives the context a translation needs, and a doubtful timing is heard
 * beside its neighbours. Approved sentences stay in the list once there, to be revisited.
 */
export const reviewQueue = (transcript: Transcript): string[] =>
  transcript.segments.filter(sentenceWaits).map((segment) => segment.id);

const indexCache = new WeakMap<readonly TranscriptSegment[], Map<string, number>>();

/** Where the sentence with this id is in the transcript (-1 when it is gone). */
export function segmentIndexOf(transcript: Transcript, id: string): number {
  let indexes = indexCache.get(transcript.segments);
  if (!indexes) {
    indexes = new Map(transcript.segments.map((segment, index) => [segment.id, index]));
    indexCache.set(transcript.segments, indexes);
  }
  return indexes.get(id) ?? -1;
}

/**
 * The first place after `from` in the queue whose sentence still waits; past the last one, the
 * queue's length: the summary that ends the stream.
 */
export function nextWaitingPosition(
  transcript: Transcript,
  queue: readonly string[],
  from: number,
): number {
  for (let position = from + 1; position < queue.length; position += 1) {
    const segment = transcript.segments[segmentIndexOf(transcript, queue[position]!)];
    if (segment && sentenceWaits(segment)) return position;
  }
  return queue.length;
}

/** What is left in the whole chapter, in view all through a review. */
export interface ReviewCounts {
  sentences: number;
  translations: number;
  glosses: number;
  timings: number;
}

export function reviewCounts(transcript: Transcript): ReviewCounts {
  const counts: ReviewCounts = { sentences: 0, translations: 0, glosses: 0, timings: 0 };
  for (const segment of transcript.segments) {
    const waiting = sentenceWaiting(segment);
    if (sentenceWaits(segment)) counts.sentences += 1;
    if (waiting.translation) counts.translations += 1;
    counts.glosses += waiting.glosses.length;
    counts.timings += waiting.doubts.length;
  }
  return counts;
}

/**
 * The shared translationSummary's counts, from the answers kept per sentence above: the studio
 * recounts on every key, and only the sentences a key changed are looked at again.
 */
export function summaryOf(transcript: Transcript): TranslationSummary {
  const summary: TranslationSummary = {
    segments: transcript.segments.length,
    words: 0,
    segmentsNeedingTranslation: 0,
    wordsNeedingGloss: 0,
  };
  for (const segment of transcript.segments) {
    const waiting = sentenceWaiting(segment);
    summary.words += segment.words.length;
    if (waiting.translation) summary.segmentsNeedingTranslation += 1;
    summary.wordsNeedingGloss += waiting.glosses.length;
  }
  return summary;
}

/**
 * What keeps a sentence waiting once Enter approved its text: a translation or a gloss that is
 * missing (there was nothing to approve), then a doubtful timing (accepted by its own key). Review
 * mode takes the administrator there, and moves on once nothing is left.
 */
export type StillWaiting =
  | { kind: 'translation' }
  | { kind: 'gloss'; word: number }
  | { kind: 'timing'; doubt: TimingDoubt };

export function stillWaiting(segment: TranscriptSegment): StillWaiting | null {
  const waiting = sentenceWaiting(segment);
  if (waiting.translation) return { kind: 'translation' };
  const gloss = waiting.glosses[0];
  if (gloss !== undefined) return { kind: 'gloss', word: gloss };
  const doubt = waiting.doubts[0];
  return doubt ? { kind: 'timing', doubt } : null;
}

/**
 * The glosses a visit to a sentence lists, numbered in this order (the number keys pick them):
 * the waiting ones worth a look, then the waiting obvious ones. A sentence where no gloss waits
 * lists every gloss it has, as approved, so one can still be corrected. Made on arrival and kept
 * for the visit, so a number keeps meaning the same word while glosses are approved or replaced.
 */
export interface GlossLayout {
  check: number[];
  obvious: number[];
  approved: number[];
}

export function glossLayout(segment: TranscriptSegment): GlossLayout {
  const waiting = sentenceWaiting(segment).glosses;
  if (waiting.length === 0) {
    const approved: number[] = [];
    segment.words.forEach((word, index) => {
      if (word.gloss?.trim()) approved.push(index);
    });
    return { check: [], obvious: [], approved };
  }
  const check: number[] = [];
  const obvious: number[] = [];
  for (const index of waiting) {
    (isObviousGloss(segment.words[index]!) ? obvious : check).push(index);
  }
  return { check, obvious, approved: [] };
}

/** The words in the order their numbers go (1 is the first). */
export const numberedWords = (layout: GlossLayout): number[] => [
  ...layout.check,
  ...layout.obvious,
  ...layout.approved,
];
