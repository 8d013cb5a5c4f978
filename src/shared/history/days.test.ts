import { describe, expect, it } from 'vitest';
import { addDays, daysEndingWith, localDay } from './days';

describe('learner days', () => {
  it('reads an instant as the learner’s calendar day', () => {
    const instant = new Date('2026-11-29T01:30:00Z');
    expect(localDay(instant, 0)).toBe('2026-11-29');
    // New York (UTC−5: offset +300) is still on the 28th.
    expect(localDay(instant, 300)).toBe('2026-11-28');
    // Tokyo (UTC+9: offset −540).
    expect(localDay(new Date('2026-11-28T16:00:00Z'), -540)).toBe('2026-11-29');
  });

  it('moves across months and lists days oldest first', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysEndingWith('2026-01-02', 3)).toEqual(['2025-12-31', '2026-01-01', '2026-01-02']);
  });
});
