/**
 * Mel-frequency cepstral coefficients, 100 frames a second, of a mono signal at any sample rate.
 * The reference (eSpeak) and the recording are analysed with the same window length in seconds
 * and the same mel band, so their frames describe the same spectral detail whatever each
 * signal's sample rate.
 */
import { PowerSpectrum } from './fft.ts';

export const FRAME_SECONDS = 0.01;
const WINDOW_SECONDS = 0.025;
const PRE_EMPHASIS = 0.97;
const MEL_BANDS = 26;
const MIN_FREQUENCY = 100;
/** Above 7 kHz a voice carries little that tells words apart, and eSpeak little at all. */
const MAX_FREQUENCY = 7000;
/**
 * c1…c4: the broad shape of the spectrum. Higher coefficients describe the finer detail in which
 * one voice differs from another (eSpeak from a person): with them, a human narrator's frames sat
 * almost as far from their own words as from unrelated ones (measured on Asterisk's prompts:
 * median matched/unrelated distance 0.76 with 12 coefficients, 0.58 with 4, and sentence starts
 * went from seconds off to within 60 ms). c0 (loudness) is carried by `energyDb` instead.
 */
export const CEPSTRAL_COEFFICIENTS = 4;
/**
 * Late reverberation taken out of each mel band: the band's power 50 ms earlier, scaled, is
 * subtracted (spectral subtraction of the tail, as dereverberation front ends do), keeping at
 * least a tenth of the power. A dry voice loses little (its sounds fall faster than this); a
 * reverberant one loses the tail that made each new sound look like the last.
 */
const REVERB_DELAY_FRAMES = 5;
const REVERB_GAIN = 0.7;
const LATE_FLOOR = 0.1;
/** Power of a sample at full scale is 1; this floor (−100 dB) keeps digital silence finite. */
const POWER_FLOOR = 1e-10;

/** Cepstra and energy of a signal, frame k covering [k·10 ms, k·10 ms + 25 ms). */
export interface Cepstra {
  frames: number;
  /** frames × CEPSTRAL_COEFFICIENTS, row after row. */
  coefficients: Float32Array;
  /** Mean power of each frame in dB (0 dB = a full-scale square wave). */
  energyDb: Float32Array;
}

/** The highest frequency both signals can describe: below the recording's Nyquist frequency. */
export function melCeiling(recordingSampleRate: number): number {
  return Math.min(MAX_FREQUENCY, 0.47 * recordingSampleRate);
}

const hzToMel = (hz: number): number => 2595 * Math.log10(1 + hz / 700);
const melToHz = (mel: number): number => 700 * (10 ** (mel / 2595) - 1);

interface MelFilter {
  firstBin: number;
  weights: Float32Array;
}

function melFilterBank(fftSize: number, sampleRate: number, ceiling: number): MelFilter[] {
  const low = hzToMel(MIN_FREQUENCY);
  const high = hzToMel(Math.min(ceiling, sampleRate / 2));
  const edges = Array.from({ length: MEL_BANDS + 2 }, (_, i) =>
    melToHz(low + ((high - low) * i) / (MEL_BANDS + 1)),
  );
  const binHz = sampleRate / fftSize;
  return Array.from({ length: MEL_BANDS }, (_, band) => {
    const left = edges[band] as number;
    const centre = edges[band + 1] as number;
    const right = edges[band + 2] as number;
    const firstBin = Math.max(0, Math.ceil(left / binHz));
    const lastBin = Math.min(fftSize / 2, Math.floor(right / binHz));
    const weights = new Float32Array(Math.max(0, lastBin - firstBin + 1));
    for (let bin = firstBin; bin <= lastBin; bin++) {
      const hz = bin * binHz;
      weights[bin - firstBin] =
        hz <= centre ? (hz - left) / (centre - left) : (right - hz) / (right - centre);
    }
    return { firstBin, weights };
  });
}

function dctMatrix(): Float32Array {
  const matrix = new Float32Array(CEPSTRAL_COEFFICIENTS * MEL_BANDS);
  for (let c = 0; c < CEPSTRAL_COEFFICIENTS; c++) {
    for (let b = 0; b < MEL_BANDS; b++) {
      matrix[c * MEL_BANDS + b] = Math.cos((Math.PI * (c + 1) * (b + 0.5)) / MEL_BANDS);
    }
  }
  return matrix;
}

/** Number of 10 ms frames of a signal of `length` samples (the last one may be partial). */
export function frameCount(length: number, sampleRate: number): number {
  return Math.max(0, Math.ceil(length / (sampleRate * FRAME_SECONDS)));
}

/** Sample where frame `k` starts. */
export function frameStartSample(k: number, sampleRate: number): number {
  return Math.round(k * sampleRate * FRAME_SECONDS);
}

/** Frames analysed between two turns of the event loop (about 30 ms of work). */
const FRAMES_PER_SLICE = 8000;

/**
 * Reads `samples` (−1…1; an Int16Array is scaled by 1/32768) and returns its cepstra. `ceiling` is
 * the highest frequency analysed (`melCeiling` of the recording, for both signals).
 */
export function computeCepstra(
  samples: Float32Array | Int16Array,
  sampleRate: number,
  ceiling: number,
): Cepstra {
  const analysis = cepstraAnalysis(samples, sampleRate, ceiling);
  analysis.analyse(0, analysis.cepstra.frames);
  return analysis.cepstra;
}

/**
 * The same, an hour of recording at a time of the caller's choosing: `between` runs after each
 * slice of frames (to report progress and let the event loop turn).
 */
export async function computeCepstraInSlices(
  samples: Float32Array | Int16Array,
  sampleRate: number,
  ceiling: number,
  between: (done: number, total: number) => Promise<void>,
): Promise<Cepstra> {
  const analysis = cepstraAnalysis(samples, sampleRate, ceiling);
  const { frames } = analysis.cepstra;
  for (let from = 0; from < frames; from += FRAMES_PER_SLICE) {
    const to = Math.min(frames, from + FRAMES_PER_SLICE);
    analysis.analyse(from, to);
    await between(to, frames);
  }
  return analysis.cepstra;
}

/** Frames must be analysed in order: the reverberation estimate carries from frame to frame. */
function cepstraAnalysis(
  samples: Float32Array | Int16Array,
  sampleRate: number,
  ceiling: number,
): { cepstra: Cepstra; analyse: (from: number, to: number) => void } {
  const scale = samples instanceof Int16Array ? 1 / 32768 : 1;
  const windowLength = Math.round(sampleRate * WINDOW_SECONDS);
  let fftSize = 4;
  while (fftSize < windowLength) fftSize *= 2;
  const spectrum = new PowerSpectrum(fftSize);
  const filters = melFilterBank(fftSize, sampleRate, ceiling);
  const dct = dctMatrix();
  const hamming = Float32Array.from(
    { length: windowLength },
    (_, n) => 0.54 - 0.46 * Math.cos((2 * Math.PI * n) / (windowLength - 1)),
  );

  // Band power per sample, whatever the window and FFT sizes (Parseval): the same sound gives the
  // same levels at any sample rate, against the same floor.
  const powerScale = 1 / (fftSize * windowLength);
  const frames = frameCount(samples.length, sampleRate);
  const coefficients = new Float32Array(frames * CEPSTRAL_COEFFICIENTS);
  const energyDb = new Float32Array(frames);
  const frame = new Float32Array(fftSize);
  const power = new Float32Array(fftSize / 2 + 1);
  const logMel = new Float32Array(MEL_BANDS);
  const history = new Float64Array(MEL_BANDS * REVERB_DELAY_FRAMES);

  const analyse = (from: number, to: number): void => {
    for (let k = from; k < to; k++) {
      const start = frameStartSample(k, sampleRate);
      let previous = start > 0 ? (samples[start - 1] ?? 0) * scale : 0;
      let sumSquares = 0;
      for (let n = 0; n < windowLength; n++) {
        const x = (samples[start + n] ?? 0) * scale;
        sumSquares += x * x;
        frame[n] = (x - PRE_EMPHASIS * previous) * (hamming[n] as number);
        previous = x;
      }
      energyDb[k] = 10 * Math.log10(sumSquares / windowLength + POWER_FLOOR);
      spectrum.compute(frame, power);
      for (let b = 0; b < MEL_BANDS; b++) {
        const { firstBin, weights } = filters[b] as MelFilter;
        let sum = 0;
        for (let w = 0; w < weights.length; w++) {
          sum += (weights[w] as number) * (power[firstBin + w] as number);
        }
        const slot = (k % REVERB_DELAY_FRAMES) * MEL_BANDS + b;
        const late = REVERB_GAIN * (history[slot] as number);
        history[slot] = sum;
        sum = Math.max(sum - late, LATE_FLOOR * sum);
        logMel[b] = Math.log(sum * powerScale + POWER_FLOOR);
      }
      const row = k * CEPSTRAL_COEFFICIENTS;
      for (let c = 0; c < CEPSTRAL_COEFFICIENTS; c++) {
        let sum = 0;
        const dctRow = c * MEL_BANDS;
        for (let b = 0; b < MEL_BANDS; b++)
          sum += (dct[dctRow + b] as number) * (logMel[b] as number);
        coefficients[row + c] = sum;
      }
    }
  };
  return { cepstra: { frames, coefficients, energyDb }, analyse };
}
