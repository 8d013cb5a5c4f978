/**
 * Where sound starts and stops, to a few milliseconds: the 10 ms frames of the speech detector
 * say roughly where, short windows of the samples say exactly.
 */
import { FRAME_SECONDS } from './features.ts';

const STEP_SECONDS = 0.0025;
const WINDOW_SECONDS = 0.005;
/** How far around the detector's frame the exact moment is looked for. */
const SEARCH_SECONDS = 0.03;
/** How far back from the threshold crossing a soft beginning is traced. */
const TRACE_BACK_SECONDS = 0.08;

function windowDb(
  samples: Float32Array | Int16Array,
  start: number,
  length: number,
  scale: number,
): number {
  let sum = 0;
  const from = Math.max(0, start);
  const to = Math.min(samples.length, start + length);
  for (let n = from; n < to; n++) {
    const x = (samples[n] as number) * scale;
    sum += x * x;
  }
  return 10 * Math.log10(sum / length + 1e-10);
}

/**
 * The moment (seconds) a sound begins near `frame`, the first speech frame after a silence: the
 * first short window above `thresholdDb`, traced back while the windows before it stay above
 * `onsetDb` (a soft "l" or "h" rises slowly; where it crosses the threshold is too late).
 */
export function exactOnset(
  samples: Float32Array | Int16Array,
  sampleRate: number,
  frame: number,
  thresholdDb: number,
  onsetDb: number,
): number {
  const scale = samples instanceof Int16Array ? 1 / 32768 : 1;
  const length = Math.max(1, Math.round(WINDOW_SECONDS * sampleRate));
  const level = (t: number): number => windowDb(samples, Math.round(t * sampleRate), length, scale);
  const centre = frame * FRAME_SECONDS;
  for (let t = centre - SEARCH_SECONDS; t <= centre + SEARCH_SECONDS; t += STEP_SECONDS) {
    if (level(t) > thresholdDb) {
      let onset = t;
      while (
        onset - STEP_SECONDS > t - TRACE_BACK_SECONDS &&
        level(onset - STEP_SECONDS) > onsetDb
      ) {
        onset -= STEP_SECONDS;
      }
      return Math.max(0, onset);
    }
  }
  return centre;
}

/** The moment (seconds) sound falls below `thresholdDb` near `frame`, the first silent frame. */
export function exactOffset(
  samples: Float32Array | Int16Array,
  sampleRate: number,
  frame: number,
  thresholdDb: number,
): number {
  const scale = samples instanceof Int16Array ? 1 / 32768 : 1;
  const length = Math.max(1, Math.round(WINDOW_SECONDS * sampleRate));
  // Frame k covers up to 25 ms after its start, so the sound ended inside the previous frames.
  const centre = frame * FRAME_SECONDS + 0.015;
  for (let t = centre + SEARCH_SECONDS; t >= centre - SEARCH_SECONDS; t -= STEP_SECONDS) {
    const start = Math.round(t * sampleRate) - length;
    if (windowDb(samples, start, length, scale) > thresholdDb) {
      return Math.min(samples.length / sampleRate, t);
    }
  }
  return centre;
}
