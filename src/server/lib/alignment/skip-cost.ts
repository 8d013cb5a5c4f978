/**
 * What leaving a recording frame out of an open-ended alignment costs. Silence costs next to
 * nothing to leave out; sound costs about what matching it to the right words would, so that music
 * or another sentence is left out but the sentence's own speech is kept.
 */
import { euclidean, type FeatureMatrix } from './dtw.ts';

const SAMPLE_PAIRS = 2000;
/** Sound is left out at this share of the distance between two unrelated speech frames. */
const SOUND_SHARE = 0.8;
/** Silence is left out at this share. */
const SILENCE_SHARE = 0.1;

/**
 * Median distance between frames of the two signals picked at random among their loud frames: a
 * scale of "unrelated" for these two voices. Deterministic (a fixed stride walk), so the same
 * inputs always align alike.
 */
export function unrelatedDistance(
  reference: FeatureMatrix,
  referenceWeight: Float32Array,
  recording: FeatureMatrix,
  recordingWeight: Float32Array,
): number {
  const loud = (weights: Float32Array): number[] => {
    const frames: number[] = [];
    weights.forEach((w, k) => {
      if (w >= 0.99) frames.push(k);
    });
    return frames;
  };
  const a = loud(referenceWeight);
  const b = loud(recordingWeight);
  if (a.length === 0 || b.length === 0) return 1;
  const distances: number[] = [];
  for (let n = 0; n < SAMPLE_PAIRS; n++) {
    const i = a[(n * 7919) % a.length] as number;
    const j = b[(n * 104_729 + 13) % b.length] as number;
    distances.push(euclidean(reference, i, recording, j));
  }
  distances.sort((x, y) => x - y);
  return distances[Math.floor(distances.length / 2)] as number;
}

/** What leaving out silence and sound costs when only the voices' unrelated distance is known. */
export function unrelatedSkip(unrelated: number, soundShare = SOUND_SHARE): SkipPrices {
  return { silence: SILENCE_SHARE * unrelated, sound: soundShare * unrelated };
}

export interface SkipPrices {
  silence: number;
  sound: number;
}

/** Per recording frame: the cost of leaving it out. `weight` is the speech detector's 0–1. */
export function skipCosts(weight: Float32Array, prices: SkipPrices): Float32Array {
  return Float32Array.from(weight, (w) => prices.silence + (prices.sound - prices.silence) * w);
}

/**
 * Per recording frame: the most holding one reference row over it may cost (DtwOptions.holdCost):
 * twice what leaving silence out costs on a silent frame (so that at a sentence's edges leaving
 * the pause out stays cheaper than holding a word over it), no cap on a frame of sound.
 */
export function holdCosts(
  weight: Float32Array,
  silent: (frame: number) => boolean,
  prices: SkipPrices,
  factor = 2,
): Float32Array {
  return Float32Array.from(weight, (w, k) =>
    silent(k) ? factor * (prices.silence + (prices.sound - prices.silence) * w) : Infinity,
  );
}
