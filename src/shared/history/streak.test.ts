import { describe, expect, it } from 'vitest';
import { streakOf } from './streak';

const today = '2026-11-29';
const days = (...list: string[]) => new Set(list);

describe('streakOf', () => {
  it('counts the active days in a row up to today', () => {
    expect(streakOf(days('2026-11-27', '2026-11-28', '2026-11-29'), today)).toEqual({
      days: 3,
      activeToday: true,
      forgiven: 0,
      endsToday: false,
    });
  });

  it('stands on the days before while today is not active yet', () => {
    expect(streakOf(days('2026-11-27', '2026-11-28'), today)).toMatchObject({
      days: 2,
      activeToday: false,
      endsToday: false,
    });
  });

  it('forgives one missed day, and says the streak ends today after a miss yesterday', () => {
    expect(streakOf(days('2026-11-25', '2026-11-26', '2026-11-28', '2026-11-29'), today)).toEqual({
      days: 4,
      activeToday: true,
      forgiven: 1,
      endsToday: false,
    });
    expect(streakOf(days('2026-11-26', '2026-11-27'), today)).toEqual({
      days: 2,
      activeToday: false,
      forgiven: 0,
      endsToday: true,
    });
  });

  it('is broken by two missed days in a row', () => {
    expect(streakOf(days('2026-11-24', '2026-11-25', '2026-11-28', '2026-11-29'), today).days).toBe(
      2,
    );
    expect(streakOf(days('2026-11-25', '2026-11-26'), today).days).toBe(0);
  });

  it('is zero with no activity', () => {
    expect(streakOf(days(), today)).toEqual({
      days: 0,
      activeToday: false,
      forgiven: 0,
      endsToday: false,
    });
  });

  it('crosses month and year ends', () => {
    expect(streakOf(days('2025-12-30', '2025-12-31', '2026-01-01'), '2026-01-01').days).toBe(3);
  });
});
