/**
 * Does the recording say this text? Warping always finds some path, and its cost alone does not
 * tell: a human narrator of the right text matches eSpeak about as badly, frame by frame, as a
 * wrong text does. What tells is order. The same reference reversed in time, and with its
 * sentences in reverse order, is aligned too: when the recording says the text, the true order
 * costs clearly less than a scrambled one; when it says something else, they cost about the same.
 */
import { coarseAlign, type CoarseAlignment, type CoarseInput } from './coarse.ts';
import type { FeatureMatrix } from './dtw.ts';
import { CEPSTRAL_COEFFICIENTS } from './features.ts';
import type { ReferenceSentence } from './reference.ts';

/**
 * Cost ratios (true order ÷ scrambled) above which the recording does not say the text; both must
 * be exceeded. Measured: wrong texts 0.978–0.989 (time) and 0.990–1.007 (sentence order); right
 * texts 0.33–0.60 for eSpeak voices under every condition, and for a human voice (Asterisk's
 * prompts, whose sentences repeat the same words) up to 0.937 (time) and 0.964 (order).
 */
const MAX_TIME_RATIO = 0.96;
const MAX_ORDER_RATIO = 0.975;
/** With fewer sentences there is no order to scramble: the reversal in time decides alone. */
const MIN_SENTENCES_FOR_ORDER = 3;

interface Scrambled {
  features: FeatureMatrix;
  weight: Float32Array;
}

function reversedSentenceOrder(
  features: FeatureMatrix,
  weight: Float32Array,
  sentences: readonly ReferenceSentence[],
): Scrambled {
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

/** The reference played backwards: its deltas change sign, so it still looks like speech. */
function reversedInTime(features: FeatureMatrix, weight: Float32Array): Scrambled {
  const { dims, frames } = features;
  const data = new Float32Array(features.data.length);
  const reversed = new Float32Array(frames);
  for (let k = 0; k < frames; k++) {
    const from = frames - 1 - k;
    data.set(features.data.subarray(from * dims, (from + 1) * dims), k * dims);
    for (let d = CEPSTRAL_COEFFICIENTS; d < 2 * CEPSTRAL_COEFFICIENTS; d++) {
      data[k * dims + d] = -(data[k * dims + d] as number);
    }
    reversed[k] = weight[from] as number;
  }
  return { features: { frames, dims, data }, weight: reversed };
}

const meanDistance = (alignment: CoarseAlignment): number =>
  alignment.path.distances.reduce((sum, d) => sum + d, 0) / alignment.path.distances.length;

function costRatio(input: CoarseInput, aligned: CoarseAlignment, scrambled: Scrambled): number {
  const other = coarseAlign(
    { ...input, reference: scrambled.features, referenceWeight: scrambled.weight },
    undefined,
    true,
  );
  return meanDistance(aligned) / meanDistance(other);
}

/** True when the recording clearly does not say the reference's text. */
export function saysSomethingElse(
  input: CoarseInput,
  sentences: readonly ReferenceSentence[],
  aligned: CoarseAlignment,
): boolean {
  const { reference, referenceWeight } = input;
  if (costRatio(input, aligned, reversedInTime(reference, referenceWeight)) <= MAX_TIME_RATIO) {
    return false;
  }
  if (sentences.length < MIN_SENTENCES_FOR_ORDER) return true;
  const reordered = reversedSentenceOrder(reference, referenceWeight, sentences);
  return costRatio(input, aligned, reordered) > MAX_ORDER_RATIO;
}
