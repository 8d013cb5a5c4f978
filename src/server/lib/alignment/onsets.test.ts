import { describe, expect, it } from 'vitest';
import { snapToPauseEnd } from './boundaries.ts';
import { computeCepstra, melCeiling } from './features.ts';
import { exactOffset, exactOnset } from './onsets.ts';
import { detectSpeech, findPauses } from './vad.ts';
import { envelope, nearestRise, rises } from './rises.ts';

const RATE = 16_000;
/** Sections of [seconds, amplitude] of a 300 Hz tone (amplitude 0: silence). */
function signal(sections: [number, number][]): Float32Array {
  const out: number[] = [];
  for (const [seconds, amplitude] of sections) {
    for (let i = 0; i < Math.round(seconds * RATE); i++) {
      out.push(amplitude * Math.sin((2 * Math.PI * 300 * out.length) / RATE));
    }
  }
  return Float32Array.from(out);
}

describe('exactOnset and exactOffset', () => {
  const samples = signal([
    [0.503, 0],
    [0.4, 0.5],
    [0.5, 0],
  ]);

  it('find where a tone starts and stops to within 5 ms, from the detector’s frame', () => {
    // The detector's first sound frame is 50 (its 25 ms window reaches 0.503 s from 0.49 s on).
    expect(exactOnset(samples, RATE, 50, -30, -40)).toBeCloseTo(0.503, 2);
    expect(Math.abs(exactOnset(samples, RATE, 50, -30, -40) - 0.503)).toBeLessThanOrEqual(0.005);
    expect(Math.abs(exactOffset(samples, RATE, 91, -30) - 0.903)).toBeLessThanOrEqual(0.005);
  });

  it('traces a soft beginning back to where it leaves the noise', () => {
    // 60 ms at −40 dB before the tone: above the onset level, below the threshold.
    const soft = signal([
      [0.44, 0],
      [0.06, 0.014],
      [0.4, 0.5],
    ]);
    expect(Math.abs(exactOnset(soft, RATE, 50, -20, -45) - 0.44)).toBeLessThanOrEqual(0.006);
    expect(Math.abs(exactOnset(soft, RATE, 50, -20, -20) - 0.5)).toBeLessThanOrEqual(0.006);
  });
});

describe('rises', () => {
  it('finds the rise out of a dip half-way back up, and ignores shallow dips', () => {
    const samples = signal([
      [0.2, 0.5],
      [0.05, 0.005],
      [0.2, 0.5],
      [0.05, 0.3],
      [0.2, 0.5],
    ]);
    const found = rises(envelope(samples, RATE, 0, 0.7));
    // The deep dip (−40 dB for 50 ms) ends at 0.25 s; the 4 dB dip at 0.45 s is no dip.
    expect(found).toHaveLength(1);
    expect(Math.abs((found[0]?.seconds ?? 0) - 0.25)).toBeLessThanOrEqual(0.01);
    expect(found[0]?.depthDb).toBeGreaterThan(30);
    expect(rises(envelope(samples, RATE, 0, 0.7), 50)).toHaveLength(0);
  });

  it('picks the rise nearest to a moment, within reach', () => {
    const found = [
      { seconds: 1, depthDb: 10, bottomDb: -40 },
      { seconds: 1.2, depthDb: 10, bottomDb: -40 },
    ];
    expect(nearestRise(found, 1.15, 0.1)?.seconds).toBe(1.2);
    expect(nearestRise(found, 1.5, 0.1)).toBeNull();
  });
});

describe('onsets of words said one by one, in noise', () => {
  it('finds each word where its sound starts after the pause, not where the pause starts', () => {
    // Six "words" (a buzz with a soft 30 ms attack) 0.4 s long, 0.5–0.9 s apart, in steady noise
    // 20 dB under them (a deterministic pseudo-random hiss).
    const starts = [0.5, 1.4, 2.5, 3.35, 4.45, 5.6];
    const samples = new Float32Array(Math.round(6.5 * RATE));
    let seed = 7;
    for (let i = 0; i < samples.length; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      samples[i] = 0.02 * (seed / 2 ** 30 - 1);
    }
    for (const start of starts) {
      for (let i = 0; i < 0.4 * RATE; i++) {
        const attack = Math.min(1, i / (0.03 * RATE));
        samples[Math.round(start * RATE) + i]! +=
          0.3 * attack * Math.sign(Math.sin((2 * Math.PI * 140 * i) / RATE));
      }
    }
    const activity = detectSpeech(computeCepstra(samples, RATE, melCeiling(RATE)).energyDb);
    const evidence = {
      samples,
      sampleRate: RATE,
      activity,
      pauses: findPauses(activity.speech, 10),
    };
    for (const start of starts) {
      // Where a warping path would put the word: anywhere in the pause before it.
      for (const guess of [start - 0.3, start - 0.1, start + 0.05]) {
        const onset = snapToPauseEnd(evidence, guess, 0.4);
        expect(onset, `word at ${start}, guessed ${guess}`).not.toBeNull();
        expect(Math.abs((onset ?? 0) - start)).toBeLessThanOrEqual(0.015);
      }
    }
  });
});
