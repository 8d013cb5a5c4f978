import { describe, expect, it } from 'vitest';
import { formatStoryDate } from './format-date';

describe('formatStoryDate', () => {
  it("writes 'MMM dd, yyyy' with a two-digit day", () => {
    expect(formatStoryDate(new Date(2025, 0, 5))).toBe('Jan 05, 2025');
    expect(formatStoryDate(new Date(2024, 11, 31, 23, 59))).toBe('Dec 31, 2024');
    expect(formatStoryDate(new Date(2026, 8, 12))).toBe('Sep 12, 2026');
  });

  it('reads ISO strings in local time', () => {
    const iso = new Date(2025, 2, 9, 12).toISOString();
    expect(formatStoryDate(iso)).toBe('Mar 09, 2025');
  });

  it('gives null for missing or unreadable dates', () => {
    expect(formatStoryDate(null)).toBeNull();
    expect(formatStoryDate(undefined)).toBeNull();
    expect(formatStoryDate('')).toBeNull();
    expect(formatStoryDate('not a date')).toBeNull();
  });
});
