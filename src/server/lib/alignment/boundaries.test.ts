import { describe, expect, it } from 'vitest';
import {
  snapToPauseEnd,
  snapToPauseStart,
  snapToRise,
  type RecordingEvidence,
} from './boundaries.ts';
import { computeCepstra, melCeiling } from './features.ts';
import { detectSpeech, findPauses } from './vad.ts';

const RATE = 16_000;
function signal(sections: [number, number][]): Float32Array {
  const out: number[] = [];
  for (const [seconds, amplitude] of sections) {
    for (let i = 0; i < Math.round(seconds * RATE); i++) {
      out.push(amplitude * Math.sin((2 * Math.PI * 250 * out.length) / RATE));
    }
  }
  return Float32Array.from(out);
}

function evidenceOf(samples: Float32Array): RecordingEvidence {
  const activity = detectSpeech(computeCepstra(samples, RATE, melCeiling(RATE)).energyDb);
  return { samples, sampleRate: RATE, activity, pauses: findPauses(activity.speech, 10) };
}

// Sound 0.3–1.3 s, a pause, sound 1.8–2.8 s with a 40 ms near-silent dip at 2.3 s.
const evidence = evidenceOf(
  signal([
    [0.3, 0],
    [1, 0.5],
    [0.5, 0],
    [0.5, 0.5],
    [0.04, 0.001],
    [0.46, 0.5],
    [0.4, 0],
  ]),
);

describe('snapping onto the recording', () => {
  it('moves a start near a pause onto the pause’s end', () => {
    expect(Math.abs((snapToPauseEnd(evidence, 1.65, 0.4) ?? 0) - 1.8)).toBeLessThanOrEqual(0.005);
    expect(Math.abs((snapToPauseEnd(evidence, 1.95, 0.4) ?? 0) - 1.8)).toBeLessThanOrEqual(0.005);
  });

  it('leaves a start far from any pause end alone', () => {
    expect(snapToPauseEnd(evidence, 1.0, 0.2)).toBeNull();
  });

  it('moves an end near a pause onto the pause’s start', () => {
    expect(Math.abs((snapToPauseStart(evidence, 1.45, 0.3) ?? 0) - 1.3)).toBeLessThanOrEqual(0.01);
    expect(snapToPauseStart(evidence, 0.8, 0.3)).toBeNull();
  });

  it('moves a word start inside speech onto a deep rise nearby', () => {
    const rise = snapToRise(evidence, 2.3, [-Infinity, 3], []) ?? 0;
    expect(Math.abs(rise - 2.34)).toBeLessThanOrEqual(0.01);
  });

  it('reaches far for a silence the text does not explain, not for one it does', () => {
    // The dip at 2.3–2.34 s is silent: unexplained, a start put 0.4 s away still finds it.
    expect(
      Math.abs((snapToRise(evidence, 1.95, [-Infinity, 3], []) ?? 0) - 2.34),
    ).toBeLessThanOrEqual(0.01);
    // eSpeak has a silence there too (a closure): only a start near it moves onto it.
    expect(snapToRise(evidence, 1.95, [-Infinity, 3], [2.33])).toBeNull();
    expect(
      Math.abs((snapToRise(evidence, 2.3, [-Infinity, 3], [2.33]) ?? 0) - 2.34),
    ).toBeLessThanOrEqual(0.01);
    // Words keep their order: a rise before the previous word does not count.
    expect(snapToRise(evidence, 2.3, [2.4, 3], [])).toBeNull();
    // Nor a rise after the sentence's end.
    expect(snapToRise(evidence, 2.3, [-Infinity, 2.2], [])).toBeNull();
  });
});
