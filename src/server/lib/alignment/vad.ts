/**
 * Speech/silence detection from frame energies. Thresholds come from the signal itself (its noise
 * floor and its speech level), so a quiet home recording and a loud studio one are read alike.
 */

export interface SpeechActivity {
  /** 1 where a frame is speech (or other sound: music is told apart later, by the text). */
  speech: Uint8Array;
  /** 0…1: how far above the noise floor a frame is, for weighting features. */
  weight: Float32Array;
  noiseFloorDb: number;
  speechLevelDb: number;
  thresholdDb: number;
  /** Lower level where a sound's very beginning is traced back to (still above the noise). */
  onsetDb: number;
  /**
   * Per frame, how far the local speech level sits from `speechLevelDb` (dB): a quiet narrator
   * after a loud tune, or a loud passage in a soft chapter, is read against its own level. Add it
   * to `thresholdDb`, `onsetDb` and `speechLevelDb` to get the levels at a frame.
   */
  shiftDb: Float32Array;
}

/** The levels at one frame of a signal (its local threshold and onset level). */
export function levelsAt(
  activity: SpeechActivity,
  frame: number,
): { thresholdDb: number; onsetDb: number } {
  const k = Math.min(activity.shiftDb.length - 1, Math.max(0, Math.round(frame)));
  const shift = activity.shiftDb[k] ?? 0;
  return { thresholdDb: activity.thresholdDb + shift, onsetDb: activity.onsetDb + shift };
}

/** How far under the speech level silence begins and a sound's beginning is traced to. */
export interface LevelDepths {
  thresholdDb: number;
  onsetDb: number;
}

/** A run of silent frames: [start, end), `end` being the first frame of sound after it. */
export interface Pause {
  start: number;
  end: number;
}

const SILENCE_DB = -100;
/** Below this, a signal is too quiet to hold speech at all. */
const QUIETEST_SPEECH_DB = -60;
/** A passage whose loud end is this close to its quiet end holds no speech to read levels from. */
const MIN_DYNAMIC_RANGE_DB = 12;
/**
 * A signal this steady throughout is a hum, a tone or noise, not speech. Low on purpose: a voice
 * over a music bed may stand only a few dB above it, and a recording that might hold speech is
 * aligned (its confidence says how sure), never refused.
 */
const MIN_SIGNAL_DYNAMICS_DB = 6;
/** Weight ramps from 0 to 1 over this many dB around the threshold. */
const WEIGHT_RAMP_DB = 8;
/** Gaps in speech shorter than this are closures inside words, not silence. */
const MIN_SILENCE_FRAMES = 4;
/** Bursts of sound shorter than this (a click spans three 25 ms windows) are not speech. */
const MIN_SOUND_FRAMES = 4;

function percentile(sorted: Float32Array, p: number): number {
  if (sorted.length === 0) return SILENCE_DB;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.round(p * (sorted.length - 1))));
  return sorted[index] as number;
}

/**
 * Levels of a signal: its noise floor, its speech level, and whether it can hold speech. The
 * threshold sits `depthDb` under the speech level when given (so that a clean reference is read
 * with the same depth as a noisy recording), else where this signal's own floor allows.
 */
export function signalLevels(
  energyDb: Float32Array,
  depths?: LevelDepths,
): {
  noiseFloorDb: number;
  speechLevelDb: number;
  thresholdDb: number;
  onsetDb: number;
  hasDynamics: boolean;
} {
  const sorted = Float32Array.from(energyDb, (e) => Math.max(SILENCE_DB, e)).sort();
  const noiseFloorDb = percentile(sorted, 0.05);
  const speechLevelDb = percentile(sorted, 0.95);
  // Weak consonants sit 30–40 dB under the vowels; a noisy floor raises the threshold above itself.
  const thresholdDb = depths
    ? speechLevelDb - depths.thresholdDb
    : Math.max(
        speechLevelDb - 40,
        noiseFloorDb + Math.min(10, 0.3 * (speechLevelDb - noiseFloorDb)),
      );
  const onsetDb = depths
    ? speechLevelDb - depths.onsetDb
    : Math.min(thresholdDb, Math.max(noiseFloorDb + 6, speechLevelDb - 45));
  return {
    noiseFloorDb,
    speechLevelDb,
    thresholdDb,
    onsetDb,
    hasDynamics:
      speechLevelDb > QUIETEST_SPEECH_DB && speechLevelDb - noiseFloorDb >= MIN_SIGNAL_DYNAMICS_DB,
  };
}

/** Sets runs of `value` shorter than `minLength` (between runs of the other value) to the other. */
function fillShortRuns(flags: Uint8Array, value: number, minLength: number): void {
  let i = 0;
  while (i < flags.length) {
    if (flags[i] !== value) {
      i++;
      continue;
    }
    let end = i;
    while (end < flags.length && flags[end] === value) end++;
    const inner = i > 0 && end < flags.length;
    if (inner && end - i < minLength) flags.fill(1 - value, i, end);
    i = end;
  }
}

/**
 * How far each frame's local speech level (the loud end of the ±LOCAL_SECONDS around it) sits
 * from the whole signal's, in dB. Levels are read on a grid and interpolated: a sort per frame
 * would cost an hour-long chapter minutes.
 */
const LOCAL_FRAMES = 500;
/** A passage is read at most this much under (over) the whole signal's speech level. */
const MAX_LOWER_DB = 40;
const MAX_RAISE_DB = 20;
const GRID_FRAMES = 50;
function localShifts(energyDb: Float32Array, speechLevelDb: number): Float32Array {
  const frames = energyDb.length;
  const grid: number[] = [];
  for (let centre = 0; centre < frames + GRID_FRAMES; centre += GRID_FRAMES) {
    const from = Math.max(0, Math.min(frames, centre) - LOCAL_FRAMES);
    const to = Math.min(frames, centre + LOCAL_FRAMES);
    const window = Float32Array.from(energyDb.subarray(from, to), (e) =>
      Math.max(SILENCE_DB, e),
    ).sort();
    const level = percentile(window, 0.95);
    // A window without speech (silence, a long pause, a steady hum) keeps the signal's level.
    const hasSpeech = level - percentile(window, 0.05) >= MIN_DYNAMIC_RANGE_DB;
    grid.push(
      hasSpeech
        ? Math.min(speechLevelDb + MAX_RAISE_DB, Math.max(speechLevelDb - MAX_LOWER_DB, level))
        : speechLevelDb,
    );
  }
  const shifts = new Float32Array(frames);
  for (let k = 0; k < frames; k++) {
    const g = Math.floor(k / GRID_FRAMES);
    const fraction = (k - g * GRID_FRAMES) / GRID_FRAMES;
    const level =
      (grid[g] as number) * (1 - fraction) + (grid[g + 1] ?? (grid[g] as number)) * fraction;
    shifts[k] = level;
  }
  return shifts.map((level) => level - speechLevelDb);
}

/** Speech frames and weights; `depths` as for `signalLevels`. */
export function detectSpeech(energyDb: Float32Array, depths?: LevelDepths): SpeechActivity {
  const levels = signalLevels(energyDb, depths);
  const speech = new Uint8Array(energyDb.length);
  const weight = new Float32Array(energyDb.length);
  // The reference (read with given depths) is one steady voice; a recording is read locally.
  const shiftDb = depths
    ? new Float32Array(energyDb.length)
    : localShifts(energyDb, levels.speechLevelDb);
  for (let k = 0; k < energyDb.length; k++) {
    const e = energyDb[k] as number;
    const threshold = levels.thresholdDb + (shiftDb[k] as number);
    speech[k] = levels.hasDynamics && e > threshold ? 1 : 0;
    const ramp = (e - threshold) / WEIGHT_RAMP_DB + 0.5;
    weight[k] = Math.min(1, Math.max(0, ramp));
  }
  fillShortRuns(speech, 1, MIN_SOUND_FRAMES);
  fillShortRuns(speech, 0, MIN_SILENCE_FRAMES);
  return {
    speech,
    weight,
    noiseFloorDb: levels.noiseFloorDb,
    speechLevelDb: levels.speechLevelDb,
    thresholdDb: levels.thresholdDb,
    onsetDb: levels.onsetDb,
    shiftDb,
  };
}

/** Silent runs of at least `minFrames`, including one at the start or end of the signal. */
export function findPauses(speech: Uint8Array, minFrames: number): Pause[] {
  const pauses: Pause[] = [];
  let k = 0;
  while (k < speech.length) {
    if (speech[k] === 1) {
      k++;
      continue;
    }
    let end = k;
    while (end < speech.length && speech[end] === 0) end++;
    if (end - k >= minFrames) pauses.push({ start: k, end });
    k = end;
  }
  return pauses;
}

/** The depths of a signal's levels, to read another signal alike. */
export function depthsOf(activity: SpeechActivity): LevelDepths {
  return {
    thresholdDb: activity.speechLevelDb - activity.thresholdDb,
    onsetDb: activity.speechLevelDb - activity.onsetDb,
  };
}

/** Number of speech frames of a signal. */
export function speechFrames(activity: SpeechActivity): number {
  let n = 0;
  for (const flag of activity.speech) n += flag;
  return n;
}
