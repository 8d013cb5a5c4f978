import { describe, expect, it } from 'vitest';
import type { WarpingPath } from './dtw.ts';
import { mapEnd, mapPosition, rowSpans } from './path-map.ts';

const path = (steps: [number, number][]): WarpingPath => ({
  rows: Int32Array.from(steps.map(([r]) => r)),
  columns: Int32Array.from(steps.map(([, c]) => c)),
  distances: new Float32Array(steps.length),
});

describe('path as a clock', () => {
  // Row 10 held for three recording frames, rows 11–12 squeezed into one, then one to one.
  const spans = rowSpans(
    path([
      [10, 100],
      [10, 101],
      [10, 102],
      [11, 103],
      [12, 103],
      [13, 104],
      [14, 105],
    ]),
  );

  it('knows each row’s first and last recording frame', () => {
    expect(spans.firstRow).toBe(10);
    expect(Array.from(spans.first)).toEqual([100, 103, 103, 104, 105]);
    expect(Array.from(spans.last)).toEqual([102, 103, 103, 104, 105]);
  });

  it('puts the start of a reference frame where the path first meets it', () => {
    expect(mapPosition(spans, 10)).toBe(100);
    expect(mapPosition(spans, 11)).toBe(103);
    expect(mapPosition(spans, 13)).toBe(104);
  });

  it('places a moment inside a frame proportionally towards the next row', () => {
    expect(mapPosition(spans, 10.5)).toBeCloseTo(101.5, 9);
    expect(mapPosition(spans, 13.25)).toBeCloseTo(104.25, 9);
  });

  it('carries on one to one before and after the path', () => {
    expect(mapPosition(spans, 8)).toBe(98);
    expect(mapPosition(spans, 16)).toBe(107);
  });

  it('ends a stretch just after the last frame of its last row', () => {
    expect(mapEnd(spans, 11)).toBe(103);
    expect(mapEnd(spans, 15)).toBe(106);
  });
});
