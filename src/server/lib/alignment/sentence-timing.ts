/**
 * One sentence's times, from its fine path and the recording's own evidence: words after a pause
 * start where the pause ends (less the silent closure eSpeak's word has before its sound), words
 * inside speech where the sound rises out of a silence the text does not explain or out of a deep
 * dip nearby, the others where the path puts them; the sentence ends where its sound stops.
 */
import {
  END_SNAP_SECONDS,
  SENTENCE_SNAP_SECONDS,
  snapToPauseEnd,
  snapToPauseStart,
  snapToRise,
  WORD_SNAP_SECONDS,
  type RecordingEvidence,
} from './boundaries.ts';
import {
  agreementConfidence,
  clampConfidence,
  matchConfidence,
  meanDistance,
} from './confidence.ts';
import { FRAME_SECONDS } from './features.ts';
import type { SentenceAlignment } from './fine.ts';
import type { ReferenceSentence } from './reference.ts';
import type { SentenceTiming } from './timing.ts';
import { isDoubtful } from '#shared/studio/doubtful';
import type { TimingDoubt } from '#shared/transcript';

/** A sentence whose start found no pause to sit on is less certain. */
const UNANCHORED_FACTOR = 0.85;

/** An explanation this close to the word's own eSpeak rise is that rise. */
const OWN_RISE_SECONDS = 0.01;
/** A word moved onto a rise keeps at least this much after the word before it. */
const MIN_WORD_GAP_SECONDS = 0.05;

/**
 * Word starts read from the recording's rises (null where a word has none), for words inside
 * continuous speech that start with a rise in eSpeak's voice too.
 */
function risenStarts(
  sentence: ReferenceSentence,
  aligned: SentenceAlignment,
  evidence: RecordingEvidence,
): (number | null)[] {
  let previous = -Infinity;
  return aligned.wordStarts.map((frame, w) => {
    const mapped = frame * FRAME_SECONDS;
    // Words after a pause sit on the pause's end instead (sentenceTiming).
    if (w === 0 || sentence.onsetDelays[w] !== null) {
      previous = mapped;
      return null;
    }
    // Where eSpeak runs on into the word, the narrator's silence (if any) marks its very start.
    const offset = sentence.riseOffsets[w] ?? 0;
    // eSpeak's own rise at this word's start explains nothing: it is the mark being looked for.
    const own = aligned.startRises[w];
    const explained =
      own === null || own === undefined
        ? aligned.explainedSilences
        : aligned.explainedSilences.filter((e) => Math.abs(e - own) > OWN_RISE_SECONDS);
    const rise = snapToRise(
      evidence,
      mapped + offset,
      [previous + MIN_WORD_GAP_SECONDS, aligned.end * FRAME_SECONDS],
      explained,
      sentence.riseOffsets[w] !== null,
    );
    previous = rise === null ? mapped : rise - offset;
    return rise === null ? null : rise - offset;
  });
}

/**
 * Word starts, end and confidence of one sentence: the path's times moved onto the recording's
 * pauses and rises where it has them. `typical` is the chapter's typical match distance.
 */
export function sentenceTiming(
  sentence: ReferenceSentence,
  aligned: SentenceAlignment,
  evidence: RecordingEvidence,
  typical: number,
): SentenceTiming {
  const risen = risenStarts(sentence, aligned, evidence);
  let anchored = false;
  const wordStarts = aligned.wordStarts.map((frame, w) => {
    const delay = sentence.onsetDelays[w];
    if (delay === null || delay === undefined) {
      return risen[w] ?? frame * FRAME_SECONDS;
    }
    // The word's sound, not its silent closure, is what the path carried over faithfully.
    const mappedOnset = aligned.onsets[w] ?? frame * FRAME_SECONDS + delay;
    const reach = w === 0 ? SENTENCE_SNAP_SECONDS : WORD_SNAP_SECONDS;
    const onset = snapToPauseEnd(evidence, mappedOnset, reach);
    if (onset === null) return mappedOnset - delay;
    if (w === 0) anchored = true;
    return onset - delay;
  });
  const expectedSeconds = expectedDurations(sentence, aligned);
  if (!anchored) unstretchFirstWord(wordStarts, expectedSeconds, evidence);
  const mappedEnd = aligned.end * FRAME_SECONDS;
  const end = snapToPauseStart(evidence, mappedEnd, END_SNAP_SECONDS) ?? mappedEnd;

  const agreement = agreementConfidence(
    aligned.coarseStart * FRAME_SECONDS,
    (aligned.wordStarts[0] ?? 0) * FRAME_SECONDS,
  );
  const wordConfidence = sentence.wordStarts.map((row, w) => {
    const nextRow = sentence.wordStarts[w + 1] ?? sentence.endFrame;
    const match = matchConfidence(
      meanDistance(
        aligned.path,
        Math.floor(row),
        Math.max(Math.floor(row) + 1, Math.floor(nextRow)),
      ),
      typical,
    );
    return clampConfidence(match * (0.6 + 0.4 * agreement));
  });
  const mean = wordConfidence.reduce((a, b) => a + b, 0) / Math.max(1, wordConfidence.length);
  return {
    wordStarts,
    end,
    wordConfidence,
    wordDoubts: matchDoubts(wordConfidence, evidence, [wordStarts[0] ?? end, end]),
    expectedSeconds,
    confidence: clampConfidence(mean * (anchored ? 1 : UNANCHORED_FACTOR)),
  };
}

/** A first word this much longer than it should be has taken in what came before the sentence. */
const STRETCHED_FACTOR = 1.5;
const STRETCHED_MARGIN_SECONDS = 0.1;

/**
 * A sentence's first word that found no pause to start on, and lasts far longer than it should
 * at this pace, has been stretched over music or noise before the sentence: it starts where its
 * length before the second word puts it, on the recording's rise there if there is one.
 */
function unstretchFirstWord(
  wordStarts: number[],
  expectedSeconds: readonly number[],
  evidence: RecordingEvidence,
): void {
  const [first, second] = wordStarts;
  const expected = expectedSeconds[0];
  if (first === undefined || second === undefined || expected === undefined) return;
  if (second - first <= STRETCHED_FACTOR * expected + STRETCHED_MARGIN_SECONDS) return;
  const placed = second - expected;
  wordStarts[0] =
    snapToRise(evidence, placed, [first, second - MIN_WORD_GAP_SECONDS], []) ?? placed;
}

/**
 * How long each word should last here: its length in eSpeak's voice at this narrator's pace (the
 * sentence's length in the recording over its length in the reference).
 */
function expectedDurations(sentence: ReferenceSentence, aligned: SentenceAlignment): number[] {
  // The pace from the second word on: the first one is the one most often stretched over what
  // comes before the sentence.
  const from = sentence.wordStarts.length > 1 ? 1 : 0;
  const referenceFrames = Math.max(1, sentence.endFrame - (sentence.wordStarts[from] ?? 0));
  const recordingFrames = Math.max(1, aligned.end - (aligned.wordStarts[from] ?? aligned.end));
  const pace = recordingFrames / referenceFrames;
  return sentence.wordStarts.map(
    (row, w) => ((sentence.wordStarts[w + 1] ?? sentence.endFrame) - row) * pace * FRAME_SECONDS,
  );
}

/** Sound (no silent frame) this long before a sentence and after it: music or noise around it. */
const SURROUNDED_SECONDS = 0.3;

/**
 * Why each doubtful word is doubtful, from what the recording shows: other sound all around the
 * sentence (music, noise), a word that matches badly among words that match well (the narration
 * departs from the text there), else a poor match.
 */
function matchDoubts(
  confidence: readonly number[],
  evidence: RecordingEvidence,
  [start, end]: [number, number],
): (TimingDoubt | undefined)[] {
  const speech = evidence.activity.speech;
  const soundFrom = (from: number, to: number): boolean => {
    for (let k = Math.max(0, Math.floor(from)); k < Math.min(speech.length, to); k++) {
      if (speech[k] === 0) return false;
    }
    return true;
  };
  const reach = SURROUNDED_SECONDS / FRAME_SECONDS;
  const startFrame = start / FRAME_SECONDS;
  const endFrame = end / FRAME_SECONDS;
  const surrounded =
    soundFrom(startFrame - reach, startFrame) && soundFrom(endFrame, endFrame + reach);
  return confidence.map((c, w) => {
    if (!isDoubtful(c)) return undefined;
    if (surrounded) return 'music';
    const neighbours = [confidence[w - 1], confidence[w + 1]].filter((n) => n !== undefined);
    return neighbours.length > 0 && neighbours.every((n) => !isDoubtful(n))
      ? 'departure'
      : 'low-match';
  });
}
