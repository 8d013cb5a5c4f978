/**
 * Does the recording say this text? Warping always finds some path, and its cost alone does not
 * tell: a human narrator of the right text matches eSpeak about as badly, frame by frame, as a
 * wrong text does. What tells is order. The same reference with its sentences in reverse order
 * (or, for one or two sentences, reversed in time) is aligned too: when the recording says the
 * text, the true order costs far less than the scrambled one; when it says something else, both
 * cost the same.
 */
import { coarseAlign, type CoarseAlignment, type CoarseInput } from './coarse.ts';
import type { FeatureMatrix } from './dtw.ts';
import type { ReferenceSentence } from './reference.ts';

/**
 * Above this cost ratio (true order ÷ scrambled) the recording does not say the text. Measured:
 * wrong texts 0.994–1.004 (sentence order) and 0.961–0.982 (time reversal); right texts 0.33–0.60
 * for eSpeak voices under every condition, 0.908 and 0.898 for a human voice (Asterisk's prompts).
 */
const MAX_ORDER_RATIO = 0.95;
const MAX_REVERSAL_RATIO = 0.93;
/** Fewer sentences than this give too few orders to compare: the reversal in time is used. */
const MIN_SENTENCES_FOR_ORDER = 3;

function reversedSentenceOrder(
  features: FeatureMatrix,
  weight: Float32Array,
  sentences: readonly ReferenceSentence[],
): { features: FeatureMatrix; weight: Float32Array } {
  const { dims } = features;
  const data = new Float32Array(features.data.length);
  const reordered = new Float32Array(weight.length);
  let at = 0;
  for (let i = sentences.length - 1; i >= 0; i--) {
    // Each sentence travels with the pause before it.
    const from = i === 0 ? 0 : (sentences[i - 1] as ReferenceSentence).endFrame;
    const to =
      i === sentences.length - 1 ? features.frames : (sentences[i] as ReferenceSentence).endFrame;
    data.set(features.data.subarray(from * dims, to * dims), at * dims);
    reordered.set(weight.subarray(from, to), at);
    at += to - from;
  }
  return { features: { frames: features.frames, dims, data }, weight: reordered };
}

function reversedInTime(
  features: FeatureMatrix,
  weight: Float32Array,
): { features: FeatureMatrix; weight: Float32Array } {
  const { dims, frames } = features;
  const data = new Float32Array(features.data.length);
  const reversed = new Float32Array(frames);
  for (let k = 0; k < frames; k++) {
    const from = frames - 1 - k;
    data.set(features.data.subarray(from * dims, (from + 1) * dims), k * dims);
    reversed[k] = weight[from] as number;
  }
  return { features: { frames, dims, data }, weight: reversed };
}

const meanDistance = (alignment: CoarseAlignment): number =>
  alignment.path.distances.reduce((sum, d) => sum + d, 0) / alignment.path.distances.length;

/** True when the recording clearly does not say the reference's text. */
export function saysSomethingElse(
  input: CoarseInput,
  sentences: readonly ReferenceSentence[],
  aligned: CoarseAlignment,
): boolean {
  const byOrder = sentences.length >= MIN_SENTENCES_FOR_ORDER;
  const scrambled = byOrder
    ? reversedSentenceOrder(input.reference, input.referenceWeight, sentences)
    : reversedInTime(input.reference, input.referenceWeight);
  const other = coarseAlign({
    reference: scrambled.features,
    referenceWeight: scrambled.weight,
    recording: input.recording,
    recordingWeight: input.recordingWeight,
  });
  const ratio = meanDistance(aligned) / meanDistance(other);
  return ratio > (byOrder ? MAX_ORDER_RATIO : MAX_REVERSAL_RATIO);
}
