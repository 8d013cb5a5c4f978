import { describe, expect, it } from 'vitest';
import type { SavedItem } from '#shared/contracts/saved-items';
import { scheduleAnswer } from '#shared/review/fsrs';
import {
  formatInterval,
  newAnswerId,
  nextDueAt,
  rateCurrent,
  ratingIntervals,
  sessionCounts,
  startSession,
  summaryAfterRating,
} from './review-rules';
import { savedItemFixture } from '#client/test/saved-item-fixture';

const now = new Date('2026-03-02T10:00:00.000Z');

const savedItem = (id: string, overrides: Partial<SavedItem> = {}): SavedItem =>
  savedItemFixture({ id, ...overrides });

describe('review rules', () => {
  it('shows intervals as short durations', () => {
    const at = now.getTime();
    expect(formatInterval(at, at + 30_000)).toBe('<1m');
    expect(formatInterval(at, at + 10 * 60_000)).toBe('10m');
    expect(formatInterval(at, at + 5 * 3_600_000)).toBe('5h');
    expect(formatInterval(at, at + 3 * 86_400_000)).toBe('3d');
    expect(formatInterval(at, at + 60 * 86_400_000)).toBe('2mo');
    expect(formatInterval(at, at + 548 * 86_400_000)).toBe('1.5y');
  });

  it("previews each rating's next interval with the shared FSRS rule", () => {
    const intervals = ratingIntervals(savedItem('a'), now);
    expect(intervals[1]).toBe('1m');
    expect(intervals[3]).toBe('10m');
    expect(Number.parseInt(intervals[4], 10)).toBeGreaterThanOrEqual(1);
    expect(intervals[4]).toMatch(/d$/);
  });

  it('brings a card due soon back at the end of the session and lets an easy one go', () => {
    let session = startSession([savedItem('a'), savedItem('b')]);
    expect(sessionCounts(session, now)).toEqual({ due: 0, newLeft: 2 });

    session = rateCurrent(session, 1, now);
    expect(session.cards.map((card) => card.id)).toEqual(['b', 'a']);
    expect(session.cards[1]!.review?.state).toBe('learning');
    expect(session.introduced).toBe(1);
    // Back in 1 minute: in the session, but not due now.
    expect(sessionCounts(session, now)).toEqual({ due: 0, newLeft: 1 });
    expect(sessionCounts(session, new Date(now.getTime() + 20 * 60_000)).due).toBe(1);

    session = rateCurrent(session, 4, now);
    session = rateCurrent(session, 4, now);
    expect(session.cards).toEqual([]);
    expect(session.introduced).toBe(2);
    expect(session.doneDue).toHaveLength(2);
    expect(nextDueAt(session.doneDue, now.getTime())).toBe(Math.min(...session.doneDue));
  });

  it("moves the header's counts as each card is rated", () => {
    const summary = { dueCount: 1, newAvailable: 2 };
    // A new card rated Good (back in 10 min): one new card fewer, nothing due now.
    expect(summaryAfterRating(summary, savedItem('a'), 3, now)).toEqual({
      dueCount: 1,
      newAvailable: 1,
    });
    const due = scheduleAnswer(null, 3, new Date(now.getTime() - 3_600_000));
    // A due card rated Easy leaves the due count.
    expect(summaryAfterRating(summary, savedItem('b', { review: due }), 4, now)).toEqual({
      dueCount: 0,
      newAvailable: 2,
    });
  });

  it('counts a reviewed card due later as not due', () => {
    const review = scheduleAnswer(null, 4, new Date(now.getTime() - 86_400_000));
    expect(sessionCounts(startSession([savedItem('a', { review })]), now).due).toBe(
      Date.parse(review.due) <= now.getTime() + 20 * 60_000 ? 1 : 0,
    );
    expect(nextDueAt([now.getTime() - 1, now.getTime() + 5], now.getTime())).toBe(
      now.getTime() + 5,
    );
    expect(nextDueAt([], now.getTime())).toBeNull();
  });

  it('makes version 4 answer ids', () => {
    expect(newAnswerId()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
