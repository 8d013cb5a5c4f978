/**
 * Where the whole recording says the whole reference, at a low frame rate: dynamic time warping
 * over every cell at the coarsest rate (open at both ends, so music or silence before and after
 * the speech is skipped), then refined rate by rate inside a band around the coarser path, as
 * FastDTW does. Memory and time grow with the length of the chapter, not its square.
 */
import { warp, type Band, type FeatureMatrix, type WarpingPath } from './dtw.ts';
import { downsample } from './normalise.ts';
import { rowSpans, type RowSpans } from './path-map.ts';
import {
  holdCosts,
  skipCosts,
  unrelatedDistance,
  unrelatedSkip,
  type SkipPrices,
} from './skip-cost.ts';

/** Frames of 10 ms averaged into one at the finest coarse rate (40 ms). */
export const COARSE_FACTOR = 4;
/** Cells of the full first matrix: bounded so an hour stays fast and small. */
const MAX_FULL_CELLS = 40_000_000;
/**
 * At the coarsest rate (up to 0.64 s a frame for an hour) averaged frames all look alike, and
 * leaving sound out must cost more than matching it badly, or the path skips minutes of speech
 * and squeezes the text into what is left. Finer rates, inside their band, may leave out music.
 */
const FIRST_LEVEL_SOUND_SHARE = 1.5;
/**
 * The first rate is then aligned again with sound priced from that first path: above what the
 * text's own frames cost to match, so that music before the speech (which matches worse) is left
 * out while the speech is kept (at 1.25 an hour-long chapter lost its first two sentences; the
 * tunes of the evaluation set are left out at 1.25 to 2).
 */
const MATCHED_SOUND_FACTOR = 1.6;

function median(values: Float32Array): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
/** Columns either side of the projected coarser path, at each rate. */
const RADIUS = 12;

/** Band of a finer rate (twice as many frames) around a path of the coarser rate. */
export function projectBand(
  path: WarpingPath,
  rows: number,
  columns: number,
  radius: number,
): Band {
  const spans = rowSpans(path);
  const lo = new Int32Array(rows);
  const hi = new Int32Array(rows);
  for (let r = 0; r < rows; r++) {
    const coarse = Math.min(spans.first.length - 1, Math.floor(r / 2));
    lo[r] = Math.max(0, 2 * (spans.first[coarse] as number) - radius);
    hi[r] = Math.min(columns, 2 * (spans.last[coarse] as number) + 2 + radius);
  }
  for (let r = 1; r < rows; r++) {
    lo[r] = Math.max(lo[r] as number, lo[r - 1] as number);
    hi[r] = Math.max(hi[r] as number, hi[r - 1] as number);
  }
  return { lo, hi };
}

export interface CoarseAlignment {
  /** Reference rows and recording columns in frames of COARSE_FACTOR × 10 ms. */
  spans: RowSpans;
  path: WarpingPath;
}

/** Block means of per-frame weights, to go with `downsample`. */
function downsampleWeights(weights: Float32Array, factor: number): Float32Array {
  const out = new Float32Array(Math.ceil(weights.length / factor));
  for (let k = 0; k < out.length; k++) {
    const first = k * factor;
    const last = Math.min(weights.length, first + factor);
    let sum = 0;
    for (let f = first; f < last; f++) sum += weights[f] as number;
    out[k] = sum / (last - first);
  }
  return out;
}

export interface CoarseInput {
  reference: FeatureMatrix;
  referenceWeight: Float32Array;
  recording: FeatureMatrix;
  recordingWeight: Float32Array;
  /** 1 where the recording's frame is sound (the speech detector's flags), 0 where silent. */
  recordingSpeech: Uint8Array;
}

/** Whether every 10 ms frame of a coarse frame is silent. */
function silentBlocks(speech: Uint8Array, factor: number): (frame: number) => boolean {
  return (k) => {
    for (let f = k * factor; f < Math.min(speech.length, (k + 1) * factor); f++) {
      if (speech[f] === 1) return false;
    }
    return true;
  };
}

export function coarseAlign(
  { reference, referenceWeight, recording, recordingWeight, recordingSpeech }: CoarseInput,
  onLevel?: (done: number, total: number) => void,
  holdPauses = false,
): CoarseAlignment {
  const factors = [COARSE_FACTOR];
  for (;;) {
    const f = factors[factors.length - 1] as number;
    if (Math.ceil(reference.frames / f) * Math.ceil(recording.frames / f) <= MAX_FULL_CELLS) break;
    factors.push(f * 2);
  }
  factors.reverse();
  let path: WarpingPath | undefined;
  for (const [level, factor] of factors.entries()) {
    const ref = downsample(reference, factor);
    const rec = downsample(recording, factor);
    const recWeight = downsampleWeights(recordingWeight, factor);
    const refWeight = downsampleWeights(referenceWeight, factor);
    const silentRows = Uint8Array.from(refWeight, (w) => (w < 0.5 ? 1 : 0));
    const unrelated = unrelatedDistance(ref, refWeight, rec, recWeight);
    const band: Band = path
      ? projectBand(path, ref.frames, rec.frames, RADIUS)
      : { lo: new Int32Array(ref.frames), hi: new Int32Array(ref.frames).fill(rec.frames) };
    const align = (prices: SkipPrices, hold = holdPauses): WarpingPath =>
      warp(ref, rec, band, {
        openStart: true,
        openEnd: true,
        skipCost: skipCosts(recWeight, prices),
        silentRows,
        longHolds: true,
        holdCost: hold
          ? holdCosts(recWeight, silentBlocks(recordingSpeech, factor), prices)
          : undefined,
      });
    if (level === 0) {
      const guarded = align(unrelatedSkip(unrelated, FIRST_LEVEL_SOUND_SHARE), false);
      path = align({
        silence: unrelatedSkip(unrelated).silence,
        sound: MATCHED_SOUND_FACTOR * median(guarded.distances),
      });
    } else {
      path = align(unrelatedSkip(unrelated));
    }
    onLevel?.(level + 1, factors.length);
  }
  if (!path) throw new Error('no coarse level was aligned');
  return { spans: rowSpans(path), path };
}

/** A reference frame held this long over sound has matched something else (music). */
const MAX_HOLD_OVER_SOUND_SECONDS = 1.5;

/** Whether the path holds one reference frame over MAX_HOLD_OVER_SOUND_SECONDS of sound. */
export function holdsOverSound(coarse: CoarseAlignment, speech: Uint8Array): boolean {
  const silent = silentBlocks(speech, COARSE_FACTOR);
  const limit = MAX_HOLD_OVER_SOUND_SECONDS / (COARSE_FACTOR * 0.01);
  const { first, last } = coarse.spans;
  for (let r = 0; r < first.length; r++) {
    let sound = 0;
    for (let c = first[r] as number; c <= (last[r] as number); c++) if (!silent(c)) sound++;
    if (sound > limit) return true;
  }
  return false;
}
