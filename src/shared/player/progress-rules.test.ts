import { describe, expect, it } from 'vitest';
import { correctClientTime, progressAt } from './progress-rules.ts';

describe('progressAt', () => {
  it('computes the percentage of a partial listen', () => {
    expect(progressAt(30, 120)).toEqual({
      completed: false,
      progressPercentage: 25,
      lastPositionSeconds: 30,
    });
  });

  it('completes at the end or within the last 2 s, at 100 %', () => {
    expect(progressAt(118.5, 120)).toEqual({
      completed: true,
      progressPercentage: 100,
      lastPositionSeconds: 118.5,
    });
    expect(progressAt(117, 120).completed).toBe(false);
  });

  it('clamps the position into the duration', () => {
    expect(progressAt(500, 120).lastPositionSeconds).toBe(120);
    expect(progressAt(-4, 120).lastPositionSeconds).toBe(0);
  });
});

describe('correctClientTime', () => {
  it('corrects a client clock that runs ahead', () => {
    // The client clock is 60 s ahead: it sent at 1060 (its time) what the server received at 1000.
    expect(correctClientTime(1050_000, 1060_000, 1000_000).getTime()).toBe(990_000);
  });
});
