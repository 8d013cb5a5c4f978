import { describe, expect, it } from 'vitest';
import { BASE_PEAKS_PER_SECOND, computePeaks, MAX_PEAK_PAIRS } from './waveform-peaks.ts';

const RATE = 8000;

/** Little-endian 16-bit PCM of the given samples. */
function pcm(samples: number[]): Buffer {
  const buffer = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, index) => buffer.writeInt16LE(sample, index * 2));
  return buffer;
}

describe('computePeaks', () => {
  it('gives one [min, max] pair per 10 ms, scaled to ±127, and the exact length', () => {
    const loud = Array.from({ length: 80 }, (_, index) => (index % 2 ? 32767 : -32768));
    const quiet = Array.from({ length: 80 }, (_, index) => (index % 2 ? 8192 : -4096));
    const tail = [100, -100, 0];
    const peaks = computePeaks(RATE);
    peaks.push(pcm([...loud, ...quiet, ...tail]));
    const { durationSeconds, waveform } = peaks.finish();

    expect(durationSeconds).toBeCloseTo(163 / RATE, 10);
    expect(waveform.peaksPerSecond).toBe(BASE_PEAKS_PER_SECOND);
    expect(waveform.peaks).toEqual([-127, 127, -16, 32, 0, 0]);
  });

  it('reads samples split across chunks at any byte', () => {
    const samples = Array.from({ length: 400 }, (_, index) => ((index * 977) % 60000) - 30000);
    const whole = computePeaks(RATE);
    whole.push(pcm(samples));
    const split = computePeaks(RATE);
    const bytes = pcm(samples);
    for (let offset = 0; offset < bytes.length; offset += 7) {
      split.push(bytes.subarray(offset, offset + 7));
    }
    expect(split.finish()).toEqual(whole.finish());
  });

  it('merges steps for a long recording so the waveform stays under its bound', () => {
    const hourSteps = 3600 * BASE_PEAKS_PER_SECOND;
    const peaks = computePeaks(RATE);
    // An hour of near-silence with one loud sample in the middle.
    const chunk = pcm(new Array(RATE).fill(1));
    for (let second = 0; second < 3600; second++) {
      peaks.push(second === 1800 ? pcm([32767, ...new Array(RATE - 1).fill(1)]) : chunk);
    }
    const { durationSeconds, waveform } = peaks.finish();

    expect(durationSeconds).toBe(3600);
    expect(waveform.peaks.length / 2).toBeLessThanOrEqual(MAX_PEAK_PAIRS);
    expect(waveform.peaks.length / 2).toBe(Math.ceil(hourSteps / (100 / waveform.peaksPerSecond)));
    expect(Number.isInteger(waveform.peaksPerSecond)).toBe(true);
    const loudest = waveform.peaks.indexOf(127);
    expect(Math.floor(loudest / 2) / waveform.peaksPerSecond).toBe(1800);
  });

  it('refuses a rate that does not split into 10 ms steps', () => {
    expect(() => computePeaks(11_025)).toThrow(RangeError);
  });
});
