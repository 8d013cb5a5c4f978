import { describe, expect, it } from 'vitest';
import { noteFrequency, synthesizeTune } from './intro-tune.ts';

const RATE = 22_050;

/** Energy of the samples at one frequency (a single DFT bin). */
function energyAt(samples: Int16Array, frequency: number, from: number, to: number): number {
  let re = 0;
  let im = 0;
  for (let i = from; i < to; i++) {
    const phase = (2 * Math.PI * frequency * i) / RATE;
    re += samples[i]! * Math.cos(phase);
    im += samples[i]! * Math.sin(phase);
  }
  return Math.hypot(re, im);
}

describe('noteFrequency', () => {
  it('reads scientific pitch notation', () => {
    expect(noteFrequency('A4')).toBe(440);
    expect(noteFrequency('A5')).toBe(880);
    expect(noteFrequency('C5')).toBeCloseTo(523.25, 2);
    expect(noteFrequency('F#4')).toBeCloseTo(369.99, 2);
    expect(noteFrequency('Bb3')).toBeCloseTo(233.08, 2);
  });

  it.each(['H4', 'C', 'c4', 'C#'])('refuses "%s"', (note) => {
    expect(() => noteFrequency(note)).toThrow(`"${note}" is not a note`);
  });
});

describe('synthesizeTune', () => {
  it('plays each note at its time and pitch, rings on, and peaks where asked', () => {
    // Two beats at 120 bpm: A4 for 0.5 s, then E5 for 0.5 s; the last note rings 1.2 s more.
    const samples = synthesizeTune({ bpm: 120, steps: ['A4/1', 'E5/1'] }, RATE, 0.3);
    expect(samples.length).toBe(Math.ceil((1 + 1.2) * RATE));
    expect(Math.max(...samples.map(Math.abs))).toBe(Math.round(0.3 * 32767));
    const first = [Math.round(0.05 * RATE), Math.round(0.45 * RATE)] as const;
    const second = [Math.round(0.55 * RATE), Math.round(0.95 * RATE)] as const;
    expect(energyAt(samples, 440, ...first)).toBeGreaterThan(
      10 * energyAt(samples, 659.26, ...first),
    );
    expect(energyAt(samples, 659.26, ...second)).toBeGreaterThan(energyAt(samples, 440, ...second));
    // Starts from silence and fades out: no click at either end.
    expect(Math.abs(samples[0]!)).toBe(0);
    expect(Math.max(...samples.slice(-100).map(Math.abs))).toBeLessThan(50);
  });

  it('keeps quiet through a rest and sounds every note of a chord', () => {
    const samples = synthesizeTune({ bpm: 60, steps: ['rest/1', 'C5+E5+G5/1'] }, RATE, 0.5);
    expect(Math.max(...samples.slice(0, RATE).map(Math.abs))).toBe(0);
    const chord = [RATE + 500, RATE + 8000] as const;
    const silent = energyAt(samples, 600, ...chord);
    for (const note of ['C5', 'E5', 'G5']) {
      expect(energyAt(samples, noteFrequency(note), ...chord)).toBeGreaterThan(5 * silent);
    }
  });

  it('gives the same samples every time', () => {
    const tune = { bpm: 132, steps: ['C5/0.5', 'E5/0.5', 'C5+E5+G5/2'] };
    expect(synthesizeTune(tune, RATE, 0.3)).toEqual(synthesizeTune(tune, RATE, 0.3));
  });

  it('refuses a step without a length', () => {
    expect(() => synthesizeTune({ bpm: 100, steps: ['C5'] }, RATE, 0.3)).toThrow('has no length');
  });
});
