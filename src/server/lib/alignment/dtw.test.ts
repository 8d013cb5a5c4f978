import { describe, expect, it } from 'vitest';
import { fullBand, warp, type Band, type FeatureMatrix } from './dtw.ts';

const series = (values: number[]): FeatureMatrix => ({
  frames: values.length,
  dims: 1,
  data: Float32Array.from(values),
});
const pairs = (path: { rows: Int32Array; columns: Int32Array }) =>
  Array.from(path.rows, (r, s) => [r, path.columns[s]]);

describe('warp', () => {
  it('stretches the reference over a slower recording along the only cheap path', () => {
    const path = warp(series([0, 1, 2, 3]), series([0, 0, 1, 2, 2, 3]), fullBand(4, 6), {
      openStart: false,
      openEnd: false,
    });
    expect(pairs(path)).toEqual([
      [0, 0],
      [0, 1],
      [1, 2],
      [2, 3],
      [2, 4],
      [3, 5],
    ]);
    expect(Array.from(path.distances)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('compresses the reference onto a faster recording', () => {
    const path = warp(series([5, 5, 7, 7, 9]), series([5, 7, 9]), fullBand(5, 3), {
      openStart: false,
      openEnd: false,
    });
    expect(pairs(path)).toEqual([
      [0, 0],
      [1, 0],
      [2, 1],
      [3, 1],
      [4, 2],
    ]);
  });

  it('with open ends, finds the reference inside a longer recording', () => {
    const path = warp(series([3, 4, 5]), series([0, 0, 3, 4, 5, 0]), fullBand(3, 6), {
      openStart: true,
      openEnd: true,
    });
    expect(pairs(path)).toEqual([
      [0, 2],
      [1, 3],
      [2, 4],
    ]);
  });

  it('with a price on leaving frames out, keeps what matches and leaves out what does not', () => {
    const reference = series([1, 1, 1, 1]);
    const recording = series([1, 1, 1, 1, 1, 1, 1, 1, 9, 9]);
    // Free to leave frames out, the reference sits on any four of the eight matching frames.
    const free = warp(reference, recording, fullBand(4, 10), { openStart: true, openEnd: true });
    expect(free.rows.length).toBe(4);
    // Priced, the eight matching frames are kept and the two unrelated ones left out.
    const priced = warp(reference, recording, fullBand(4, 10), {
      openStart: true,
      openEnd: true,
      skipCost: new Float32Array(10).fill(0.5),
    });
    expect(priced.columns[0]).toBe(0);
    expect(priced.columns[priced.columns.length - 1]).toBe(7);
  });

  it('stays inside its band and fails when the band leaves no path', () => {
    const band: Band = { lo: Int32Array.from([0, 1, 2]), hi: Int32Array.from([2, 3, 4]) };
    const path = warp(series([0, 0, 0]), series([0, 0, 0, 0]), band, {
      openStart: false,
      openEnd: false,
    });
    path.rows.forEach((r, s) => {
      expect(path.columns[s]).toBeGreaterThanOrEqual(band.lo[r] as number);
      expect(path.columns[s]).toBeLessThan(band.hi[r] as number);
    });
    const broken: Band = { lo: Int32Array.from([0, 3]), hi: Int32Array.from([1, 4]) };
    expect(() =>
      warp(series([0, 0]), series([0, 0, 0, 0]), broken, { openStart: false, openEnd: false }),
    ).toThrow(RangeError);
  });

  it('refuses features of different sizes', () => {
    const two: FeatureMatrix = { frames: 1, dims: 2, data: new Float32Array(2) };
    expect(() =>
      warp(two, series([0]), fullBand(1, 1), { openStart: false, openEnd: false }),
    ).toThrow(RangeError);
  });
});
