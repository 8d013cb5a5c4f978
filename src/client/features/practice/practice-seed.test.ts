import { describe, expect, it } from 'vitest';
import { localDay, practicePath, practiceSeed, practiceSetKindOf } from './practice-seed';

const chapterId = '22222222-2222-4222-8222-222222222222';

describe('a practice set’s seed', () => {
  it('is the chapter, the learner’s own day and the round', () => {
    const evening = new Date(2026, 10, 29, 23, 59);
    const nextMorning = new Date(2026, 10, 30, 0, 1);
    expect(localDay(evening)).toBe('2026-11-29');
    expect(practiceSeed(chapterId, evening, 0)).toBe(`${chapterId}:2026-11-29:0`);
    expect(practiceSeed(chapterId, evening, 0)).toBe(
      practiceSeed(chapterId, new Date(2026, 10, 29, 8), 0),
    );
    expect(practiceSeed(chapterId, evening, 0)).not.toBe(practiceSeed(chapterId, nextMorning, 0));
    expect(practiceSeed(chapterId, evening, 1)).not.toBe(practiceSeed(chapterId, evening, 0));
  });

  it('of the daily set differs from the chapter’s set', () => {
    const now = new Date(2026, 0, 5);
    expect(practiceSeed(chapterId, now, 0, 'daily')).toBe(`${chapterId}:2026-01-05:0:daily`);
  });

  it('the daily set has its own address', () => {
    expect(practicePath(chapterId)).toBe(`/practice/${chapterId}`);
    expect(practicePath(chapterId, 'daily')).toBe(`/practice/${chapterId}?set=daily`);
    expect(practiceSetKindOf(new URLSearchParams('set=daily'))).toBe('daily');
    expect(practiceSetKindOf(new URLSearchParams(''))).toBe('chapter');
    expect(practiceSetKindOf(new URLSearchParams('set=other'))).toBe('chapter');
  });
});
