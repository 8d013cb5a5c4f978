import type { Waveform } from '#shared/contracts/studio';

/** The finest resolution: 10 ms per peak, enough to see where a word starts. */
export const BASE_PEAKS_PER_SECOND = 100;
/** A waveform never holds more pairs than this (an hour at 25 per second fits under it). */
export const MAX_PEAK_PAIRS = 100_000;
/** Divisors of the base rate: each coarser rate is still a whole number of peaks per second. */
const MERGE_FACTORS = [1, 2, 4, 5, 10, 20, 25, 50, 100];

const toPeak = (sample: number) =>
  Math.max(-127, Math.min(127, Math.round((sample * 127) / 32768)));

/** A growable list of signed bytes (the pairs of an hour are 720 KB, not 720k numbers). */
class ByteList {
  private bytes = new Int8Array(4096);
  length = 0;

  push(value: number): void {
    if (this.length === this.bytes.length) {
      const grown = new Int8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = value;
  }

  at(index: number): number {
    return this.bytes[index]!;
  }
}

/**
 * Peaks of a recording arriving as mono 16-bit little-endian PCM in chunks of any length (a chunk
 * may end inside a sample): one [min, max] pair per 10 ms, merged at the end into coarser steps
 * when the recording is long, so that a waveform stays under MAX_PEAK_PAIRS whatever its length.
 * The decoded length comes with it, exact to the sample.
 */
export function computePeaks(sampleRate: number) {
  const samplesPerStep = sampleRate / BASE_PEAKS_PER_SECOND;
  if (!Number.isInteger(samplesPerStep)) {
    throw new RangeError(`${sampleRate} Hz does not split into ${BASE_PEAKS_PER_SECOND} steps`);
  }
  const pairs = new ByteList();
  let carry: number | undefined;
  let samples = 0;
  let inStep = 0;
  let low = 0;
  let high = 0;

  function add(sample: number) {
    if (inStep === 0) {
      low = sample;
      high = sample;
    } else if (sample < low) low = sample;
    else if (sample > high) high = sample;
    samples += 1;
    inStep += 1;
    if (inStep === samplesPerStep) closeStep();
  }

  function closeStep() {
    pairs.push(toPeak(low));
    pairs.push(toPeak(high));
    inStep = 0;
  }

  return {
    push(chunk: Buffer): void {
      let offset = 0;
      if (carry !== undefined && chunk.length > 0) {
        add((((chunk[0]! << 8) | carry) << 16) >> 16);
        carry = undefined;
        offset = 1;
      }
      for (; offset + 1 < chunk.length; offset += 2) add(chunk.readInt16LE(offset));
      if (offset < chunk.length) carry = chunk[offset];
    },

    finish(): { durationSeconds: number; waveform: Waveform } {
      if (inStep > 0) closeStep();
      const steps = pairs.length / 2;
      const factor =
        MERGE_FACTORS.find((candidate) => Math.ceil(steps / candidate) <= MAX_PEAK_PAIRS) ??
        MERGE_FACTORS.at(-1)!;
      const peaks: number[] = [];
      for (let first = 0; first < steps; first += factor) {
        let min = 127;
        let max = -127;
        for (let step = first; step < Math.min(steps, first + factor); step++) {
          min = Math.min(min, pairs.at(step * 2));
          max = Math.max(max, pairs.at(step * 2 + 1));
        }
        peaks.push(min, max);
      }
      const durationSeconds = samples / sampleRate;
      return {
        durationSeconds,
        waveform: { peaksPerSecond: BASE_PEAKS_PER_SECOND / factor, durationSeconds, peaks },
      };
    },
  };
}
