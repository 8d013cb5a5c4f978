import { describe, expect, it } from 'vitest';
import { PowerSpectrum } from './fft.ts';

const tone = (n: number, cyclesPerFrame: number, amplitude = 1) =>
  Float32Array.from(
    { length: n },
    (_, i) => amplitude * Math.cos((2 * Math.PI * cyclesPerFrame * i) / n),
  );

describe('PowerSpectrum', () => {
  it('puts a pure tone in its own bin, with the power of a cosine (n/2)² · A²', () => {
    const fft = new PowerSpectrum(64);
    const out = new Float32Array(33);
    fft.compute(tone(64, 5, 0.5), out);
    const peak = out.indexOf(Math.max(...out));
    expect(peak).toBe(5);
    expect(out[5]).toBeCloseTo((32 * 0.5) ** 2, 3);
    for (const [bin, power] of out.entries()) if (bin !== 5) expect(power).toBeLessThan(1e-6);
  });

  it('gives a constant signal all its power at 0 Hz and the Nyquist tone at n/2', () => {
    const fft = new PowerSpectrum(16);
    const out = new Float32Array(9);
    fft.compute(new Float32Array(16).fill(1), out);
    expect(out[0]).toBeCloseTo(256, 6);
    expect(out.slice(1).every((p) => p < 1e-9)).toBe(true);
    fft.compute(tone(16, 8), out);
    expect(out[8]).toBeCloseTo(256, 6);
  });

  it('keeps the energy of any frame (Parseval: Σx² = (|X0|² + 2Σ|Xk|² + |Xn/2|²) / n)', () => {
    const n = 128;
    const frame = Float32Array.from(
      { length: n },
      (_, i) => Math.sin(i * 0.37) + 0.3 * Math.cos(i * 1.9),
    );
    const out = new Float32Array(n / 2 + 1);
    new PowerSpectrum(n).compute(frame, out);
    const timeEnergy = frame.reduce((sum, x) => sum + x * x, 0);
    let spectral = (out[0] as number) + (out[n / 2] as number);
    for (let k = 1; k < n / 2; k++) spectral += 2 * (out[k] as number);
    expect(spectral / n).toBeCloseTo(timeEnergy, 3);
  });

  it('reads silence as silence and zero-pads a short frame', () => {
    const out = new Float32Array(17);
    new PowerSpectrum(32).compute(new Float32Array(10), out);
    expect(out.every((p) => p === 0)).toBe(true);
  });

  it('refuses a size that is not a power of two', () => {
    expect(() => new PowerSpectrum(48)).toThrow(RangeError);
  });
});
