import { describe, expect, it } from 'vitest';
import { correctClientTime, isNewerSave, nextProgress } from './progress-rules.ts';

describe('nextProgress', () => {
  it('computes the percentage of a partial listen', () => {
    expect(nextProgress(undefined, 30, 120)).toEqual({
      completed: false,
      progressPercentage: 25,
      lastPositionSeconds: 30,
    });
  });

  it('completes at the end or within the last 2 s', () => {
    expect(nextProgress(undefined, 118.5, 120).completed).toBe(true);
    expect(nextProgress(undefined, 117, 120).completed).toBe(false);
  });

  it('keeps a completed chapter completed at 100 % when it is replayed', () => {
    expect(nextProgress({ completed: true }, 5, 120)).toEqual({
      completed: true,
      progressPercentage: 100,
      lastPositionSeconds: 5,
    });
  });

  it('clamps the position into the duration', () => {
    expect(nextProgress(undefined, 500, 120).lastPositionSeconds).toBe(120);
    expect(nextProgress(undefined, -4, 120).lastPositionSeconds).toBe(0);
  });
});

describe('save ordering', () => {
  it('lets only a newer save replace the stored one', () => {
    const stored = new Date('2026-01-01T10:00:00Z');
    expect(isNewerSave(stored, new Date('2026-01-01T10:00:01Z'))).toBe(true);
    expect(isNewerSave(stored, new Date('2026-01-01T09:59:59Z'))).toBe(false);
    expect(isNewerSave(stored, stored)).toBe(false);
    expect(isNewerSave(null, stored)).toBe(true);
  });

  it('corrects a client clock that runs ahead', () => {
    // The client clock is 60 s ahead: it sent at 1060 (its time) what the server received at 1000.
    expect(correctClientTime(1050_000, 1060_000, 1000_000).getTime()).toBe(990_000);
  });
});
