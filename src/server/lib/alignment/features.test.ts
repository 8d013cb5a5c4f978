import { describe, expect, it } from 'vitest';
import {
  CEPSTRAL_COEFFICIENTS,
  computeCepstra,
  frameCount,
  frameStartSample,
  melCeiling,
} from './features.ts';

const RATE = 16_000;
const sine = (seconds: number, hz: number, amplitude: number, rate = RATE) =>
  Float32Array.from(
    { length: Math.round(seconds * rate) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / rate),
  );
/** A buzz like a voice: 150 Hz and its harmonics, each k-th at 1/k, so every band has sound. */
const buzz = (seconds: number, amplitude: number, rate = RATE) =>
  Float32Array.from({ length: Math.round(seconds * rate) }, (_, i) => {
    let x = 0;
    for (let k = 1; k * 150 < 7000; k++) x += Math.sin((2 * Math.PI * 150 * k * i) / rate) / k;
    return (amplitude * x) / 2;
  });
const row = (c: { coefficients: Float32Array }, k: number) =>
  Array.from(c.coefficients.slice(k * CEPSTRAL_COEFFICIENTS, (k + 1) * CEPSTRAL_COEFFICIENTS));

describe('computeCepstra', () => {
  it('has one frame per 10 ms, frame k starting at k·10 ms at any sample rate', () => {
    expect(frameCount(16_000, 16_000)).toBe(100);
    expect(frameCount(22_051, 22_050)).toBe(101);
    expect(frameStartSample(3, 22_050)).toBe(662);
    expect(computeCepstra(new Float32Array(8000), RATE, melCeiling(RATE)).frames).toBe(50);
  });

  it('measures a tone’s power: a sine of amplitude A has mean power A²/2', () => {
    const cepstra = computeCepstra(sine(0.5, 440, 0.5), RATE, melCeiling(RATE));
    expect(cepstra.energyDb[10]).toBeCloseTo(10 * Math.log10(0.125), 0);
  });

  it('keeps digital silence finite, at the −100 dB floor, with a flat spectrum', () => {
    const cepstra = computeCepstra(new Float32Array(4000), RATE, melCeiling(RATE));
    expect(cepstra.energyDb[5]).toBeCloseTo(-100, 3);
    for (const c of row(cepstra, 5)) expect(Math.abs(c)).toBeLessThan(1e-3);
  });

  const distance = (a: number[], b: number[]) =>
    Math.hypot(...a.map((x, i) => x - (b[i] as number)));

  it('tells a low tone from a high one, and a sound from itself at another loudness', () => {
    const ceiling = melCeiling(RATE);
    const low = row(computeCepstra(sine(0.3, 300, 0.5), RATE, ceiling), 10);
    const high = row(computeCepstra(sine(0.3, 3000, 0.5), RATE, ceiling), 10);
    expect(distance(low, high)).toBeGreaterThan(5);
    // Loudness moves c0 only, which the cepstra leave out.
    const loud = row(computeCepstra(buzz(0.3, 0.5), RATE, ceiling), 10);
    const quiet = row(computeCepstra(buzz(0.3, 0.05), RATE, ceiling), 10);
    expect(distance(loud, quiet)).toBeLessThan(0.05);
  });

  it('describes the same sound alike at 16 kHz and at eSpeak’s 22.05 kHz', () => {
    const ceiling = melCeiling(RATE);
    const at16 = row(computeCepstra(buzz(0.3, 0.3), RATE, ceiling), 10);
    const at22 = row(computeCepstra(buzz(0.3, 0.3, 22_050), 22_050, ceiling), 10);
    const other = row(computeCepstra(sine(0.3, 700, 0.3), RATE, ceiling), 10);
    expect(distance(at16, at22)).toBeLessThan(0.1 * distance(at16, other));
  });

  it('stays below the Nyquist frequency of a telephone recording', () => {
    expect(melCeiling(8000)).toBeLessThan(4000);
    expect(melCeiling(44_100)).toBe(7000);
  });
});
