import { describe, expect, it } from 'vitest';
import { dayStartOf } from './review.service.ts';

describe("the learner's day", () => {
  it('starts at UTC midnight without an offset', () => {
    expect(dayStartOf(new Date('2026-03-01T15:30:00Z'), 0).toISOString()).toBe(
      '2026-03-01T00:00:00.000Z',
    );
  });

  it("starts at the learner's local midnight (getTimezoneOffset: UTC − local, minutes)", () => {
    // Madrid in winter (UTC+1, offset −60): 00:30 local on 2 March is 23:30 UTC on 1 March.
    expect(dayStartOf(new Date('2026-03-01T23:30:00Z'), -60).toISOString()).toBe(
      '2026-03-01T23:00:00.000Z',
    );
    // New York in winter (UTC−5, offset 300): 22:00 local on 1 March is 03:00 UTC on 2 March.
    expect(dayStartOf(new Date('2026-03-02T03:00:00Z'), 300).toISOString()).toBe(
      '2026-03-01T05:00:00.000Z',
    );
  });
});
