/**
 * Sound rising out of a dip: the mark a word leaves where it starts with a stop, a weak consonant
 * or after a breath. Spectral warping between two voices blurs word boundaries by tens of
 * milliseconds (and reverberation delays them, its tail making each new sound look like the
 * last); the rise out of a dip is sharp in any voice and survives a reverberant room.
 */

const STEP_SECONDS = 0.005;
const WINDOW_SECONDS = 0.01;
/** A dip is this much under the sound on both sides. */
export const MIN_DIP_DB = 6;
/** The sound on either side of a dip is looked for this far away. */
const CONTEXT_STEPS = 16;

/** Short-time level (dB) every 5 ms over [fromSeconds, toSeconds). */
export interface Envelope {
  fromSeconds: number;
  levels: Float32Array;
}

export function envelope(
  samples: Float32Array | Int16Array,
  sampleRate: number,
  fromSeconds: number,
  toSeconds: number,
): Envelope {
  const scale = samples instanceof Int16Array ? 1 / 32768 : 1;
  const steps = Math.max(0, Math.floor((toSeconds - fromSeconds) / STEP_SECONDS));
  const length = Math.max(1, Math.round(WINDOW_SECONDS * sampleRate));
  const levels = new Float32Array(steps);
  for (let k = 0; k < steps; k++) {
    const start = Math.round((fromSeconds + k * STEP_SECONDS) * sampleRate);
    let sum = 0;
    for (let n = Math.max(0, start); n < Math.min(samples.length, start + length); n++) {
      const x = (samples[n] as number) * scale;
      sum += x * x;
    }
    levels[k] = 10 * Math.log10(sum / length + 1e-10);
  }
  return { fromSeconds, levels };
}

/** A dip and where the sound rises out of it (half-way back up), in seconds. */
export interface Rise {
  seconds: number;
  depthDb: number;
  /** Level at the bottom of the dip. */
  bottomDb: number;
}

/** The rise out of the dip whose bottom is step `m`, if it is a dip at all. */
function riseFrom(env: Envelope, m: number): Rise | null {
  const { levels } = env;
  const bottom = levels[m] as number;
  let left = -Infinity;
  for (let k = Math.max(0, m - CONTEXT_STEPS); k < m; k++)
    left = Math.max(left, levels[k] as number);
  let right = -Infinity;
  let peak = m;
  for (let k = m + 1; k < Math.min(levels.length, m + CONTEXT_STEPS + 1); k++) {
    if ((levels[k] as number) > right) {
      right = levels[k] as number;
      peak = k;
    }
  }
  const depthDb = Math.min(left, right) - bottom;
  if (!(depthDb >= MIN_DIP_DB)) return null;
  const half = bottom + (right - bottom) / 2;
  for (let k = m + 1; k <= peak; k++) {
    const here = levels[k] as number;
    if (here >= half) {
      const before = levels[k - 1] as number;
      const fraction = here === before ? 0 : (half - before) / (here - before);
      return {
        seconds: env.fromSeconds + (k - 1 + fraction) * STEP_SECONDS,
        depthDb,
        bottomDb: bottom,
      };
    }
  }
  return null;
}

/** Every rise out of a dip inside the envelope, in order. */
export function rises(env: Envelope, minDepthDb = MIN_DIP_DB): Rise[] {
  const found: Rise[] = [];
  const { levels } = env;
  for (let m = 1; m + 1 < levels.length; m++) {
    const here = levels[m] as number;
    if (here <= (levels[m - 1] as number) && here < (levels[m + 1] as number)) {
      const rise = riseFrom(env, m);
      if (rise && rise.depthDb >= minDepthDb && rise.seconds !== found.at(-1)?.seconds)
        found.push(rise);
    }
  }
  return found;
}

/** The rise nearest to `seconds` within `reach`, if any. */
export function nearestRise(found: readonly Rise[], seconds: number, reach: number): Rise | null {
  let best: Rise | null = null;
  for (const rise of found) {
    const distance = Math.abs(rise.seconds - seconds);
    if (distance <= reach && (!best || distance < Math.abs(best.seconds - seconds))) best = rise;
  }
  return best;
}
