import { describe, expect, it } from 'vitest';
import { computeCepstra, melCeiling } from './features.ts';
import { detectSpeech, findPauses, signalLevels, speechFrames } from './vad.ts';

const RATE = 16_000;
/** Sections of silence (amplitude 0) and tone, each [seconds, amplitude]. */
function signal(sections: [number, number][], noise = 0): Float32Array {
  const parts = sections.flatMap(([seconds, amplitude]) =>
    Array.from(
      { length: Math.round(seconds * RATE) },
      (_, i) =>
        amplitude * Math.sin((2 * Math.PI * 220 * i) / RATE) + noise * Math.sin(i * 12.9898),
    ),
  );
  return Float32Array.from(parts);
}
const energies = (samples: Float32Array) =>
  computeCepstra(samples, RATE, melCeiling(RATE)).energyDb;

describe('detectSpeech', () => {
  it('finds the sound between silences, frame by frame', () => {
    const activity = detectSpeech(
      energies(
        signal([
          [0.5, 0],
          [1, 0.3],
          [0.5, 0],
        ]),
      ),
    );
    // Frame k covers 25 ms from k·10 ms: the tone is heard from frame 48 to frame 149.
    expect(activity.speech[40]).toBe(0);
    expect(activity.speech[52]).toBe(1);
    expect(activity.speech[145]).toBe(1);
    expect(activity.speech[160]).toBe(0);
    expect(speechFrames(activity)).toBeGreaterThanOrEqual(100);
    expect(speechFrames(activity)).toBeLessThanOrEqual(104);
    expect(activity.weight[100]).toBe(1);
    expect(activity.weight[10]).toBe(0);
  });

  it('reads a steady sound or silence alone as holding no speech', () => {
    expect(signalLevels(energies(signal([[2, 0.3]]))).hasDynamics).toBe(false);
    expect(signalLevels(energies(signal([[2, 0]]))).hasDynamics).toBe(false);
    expect(speechFrames(detectSpeech(energies(signal([[2, 0.3]]))))).toBe(0);
  });

  it('sets its threshold above a noise floor', () => {
    const noisy = detectSpeech(
      energies(
        signal(
          [
            [0.5, 0],
            [1, 0.3],
            [0.5, 0],
          ],
          0.01,
        ),
      ),
    );
    expect(noisy.thresholdDb).toBeGreaterThan(noisy.noiseFloorDb);
    expect(noisy.onsetDb).toBeGreaterThan(noisy.noiseFloorDb);
    expect(noisy.onsetDb).toBeLessThanOrEqual(noisy.thresholdDb);
    expect(noisy.speech[40]).toBe(0);
    expect(noisy.speech[100]).toBe(1);
  });

  it('reads another signal at the depths it is given', () => {
    const levels = signalLevels(
      energies(
        signal([
          [0.5, 0],
          [1, 0.3],
        ]),
      ),
      {
        thresholdDb: 20,
        onsetDb: 30,
      },
    );
    expect(levels.thresholdDb).toBeCloseTo(levels.speechLevelDb - 20, 6);
    expect(levels.onsetDb).toBeCloseTo(levels.speechLevelDb - 30, 6);
  });

  it('bridges a short gap inside a sound and ignores a click', () => {
    const activity = detectSpeech(
      energies(
        signal([
          [0.5, 0],
          [0.5, 0.3],
          [0.01, 0],
          [0.5, 0.3],
          [0.5, 0],
          [0.01, 0.3],
          [0.5, 0],
        ]),
      ),
    );
    expect(activity.speech[100]).toBe(1);
    expect(activity.speech.slice(155, 200).every((s) => s === 0)).toBe(true);
  });
});

/** A voice-like sound: a 120 Hz buzz in syllables of 0.2 s (0.1 s gaps), at `amplitude`. */
function syllables(seconds: number, amplitude: number): Float32Array {
  return Float32Array.from({ length: Math.round(seconds * RATE) }, (_, i) => {
    const t = i / RATE;
    const on = t % 0.3 < 0.2 ? 1 : 0;
    return on * amplitude * Math.sign(Math.sin(2 * Math.PI * 120 * t)) * 0.5;
  });
}
const joined = (...parts: Float32Array[]) => {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const fraction = (speech: Uint8Array, from: number, to: number) =>
  speech.slice(from, to).reduce((n, s) => n + s, 0) / (to - from);

describe('detectSpeech where the loudest part is not the voice', () => {
  it('hears a narrator 45 dB under the music before it', () => {
    // 10 s of loud steady-ish music (a chord), a second of silence, 10 s of a quiet voice.
    const music = signal([[10, 0.5]]);
    const activity = detectSpeech(
      energies(joined(music, new Float32Array(RATE), syllables(10, 0.5 * 10 ** (-45 / 20)))),
    );
    // The syllables' frames are speech once the music is out of the 5-second reading window (closer
    // to it they are read against the music's level: see issue 22's notes); the silence is not.
    let voiced = 0;
    let heard = 0;
    for (let k = 1650; k < 2050; k++) {
      if ((k * 0.01 - 11) % 0.3 < 0.17 && (k * 0.01 - 11) % 0.3 > 0.03) {
        voiced++;
        heard += activity.speech[k] as number;
      }
    }
    expect(heard / voiced).toBeGreaterThan(0.95);
    expect(fraction(activity.speech, 1020, 1090)).toBe(0);
    expect(signalLevels(energies(music)).hasDynamics).toBe(false);
  });

  it('hears a quiet narrator (about −50 dBFS) over a faint noise floor', () => {
    const quiet = syllables(5, 0.006);
    const noisy = Float32Array.from(quiet, (x, i) => x + 0.0003 * Math.sin(i * 12.9898));
    const activity = detectSpeech(energies(joined(new Float32Array(RATE), noisy)));
    expect(fraction(activity.speech, 110, 115)).toBe(1);
    expect(fraction(activity.speech, 10, 90)).toBe(0);
  });

  it('finds no speech in true silence', () => {
    const activity = detectSpeech(energies(new Float32Array(RATE * 5)));
    expect(speechFrames(activity)).toBe(0);
    expect(signalLevels(energies(new Float32Array(RATE * 5))).hasDynamics).toBe(false);
  });
});

describe('findPauses', () => {
  it('lists silent runs of at least the given length, at the edges too', () => {
    const speech = Uint8Array.from([0, 0, 0, 1, 1, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0]);
    expect(findPauses(speech, 2)).toEqual([
      { start: 0, end: 3 },
      { start: 8, end: 12 },
      { start: 13, end: 15 },
    ]);
    expect(findPauses(speech, 4)).toEqual([{ start: 8, end: 12 }]);
  });
});
