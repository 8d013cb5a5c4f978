import { describe, expect, it } from 'vitest';
import { answerMovesCard, isDue, previewDue, scheduleAnswer } from './fsrs.ts';

const at = (iso: string) => new Date(iso);

describe('FSRS scheduling (ts-fsrs)', () => {
  it('puts a new card rated Good further away than rated Again, and Easy furthest', () => {
    const now = at('2026-03-01T10:00:00Z');
    const again = Date.parse(scheduleAnswer(null, 1, now).due);
    const good = Date.parse(scheduleAnswer(null, 3, now).due);
    const easy = Date.parse(scheduleAnswer(null, 4, now).due);
    expect(again).toBeGreaterThan(now.getTime());
    expect(good).toBeGreaterThan(again);
    expect(easy).toBeGreaterThan(good);
  });

  it('records the review on the card: reps, last review, state', () => {
    const now = at('2026-03-01T10:00:00Z');
    const card = scheduleAnswer(null, 3, now);
    expect(card).toMatchObject({ reps: 1, lapses: 0, lastReview: now.toISOString() });
    expect(card.state).not.toBe('new');
    const easy = scheduleAnswer(null, 4, now);
    expect(easy.state).toBe('review');
    expect(easy.scheduledDays).toBeGreaterThanOrEqual(1);
  });

  it('a lapse (Again on a review card) counts and brings the card back soon', () => {
    const first = scheduleAnswer(null, 4, at('2026-03-01T10:00:00Z'));
    const later = new Date(first.due);
    const lapsed = scheduleAnswer(first, 1, later);
    expect(lapsed.lapses).toBe(1);
    expect(lapsed.state).toBe('relearning');
    expect(Date.parse(lapsed.due) - later.getTime()).toBeLessThan(24 * 3600_000);
  });

  it('grows the interval when a review card is remembered again', () => {
    const first = scheduleAnswer(null, 4, at('2026-03-01T10:00:00Z'));
    const second = scheduleAnswer(first, 3, new Date(first.due));
    expect(second.scheduledDays).toBeGreaterThan(first.scheduledDays);
  });

  it('newest wins: an answer older than the last review does not move the card', () => {
    const card = scheduleAnswer(null, 3, at('2026-03-01T10:00:00Z'));
    expect(answerMovesCard(card, at('2026-03-01T09:59:59Z'))).toBe(false);
    expect(answerMovesCard(card, at('2026-03-01T10:00:00Z'))).toBe(true);
    expect(answerMovesCard(card, at('2026-03-02T10:00:00Z'))).toBe(true);
    expect(answerMovesCard(null, at('2000-01-01T00:00:00Z'))).toBe(true);
  });

  it('previews each rating with the same rule the server applies', () => {
    const now = at('2026-03-01T10:00:00Z');
    const preview = previewDue(null, now);
    expect(preview[3].toISOString()).toBe(scheduleAnswer(null, 3, now).due);
    expect(preview[1].getTime()).toBeLessThan(preview[4].getTime());
  });

  it('a new card is not due; a reviewed card is due from its due time', () => {
    const card = scheduleAnswer(null, 3, at('2026-03-01T10:00:00Z'));
    expect(isDue(null, at('2026-03-01T10:00:00Z'))).toBe(false);
    expect(isDue(card, new Date(Date.parse(card.due) - 1))).toBe(false);
    expect(isDue(card, new Date(card.due))).toBe(true);
  });
});
