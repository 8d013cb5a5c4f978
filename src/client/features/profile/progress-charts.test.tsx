// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LearnerHistory } from '#shared/contracts/history';
import { addDays, daysEndingWith } from '#shared/history/days';
import { timezoneOffsetQuery } from '#client/lib/api/review/get-review-summary';
import { json, renderApp, sessionOf, stubApi, userFixture } from '#client/test/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const today = '2026-11-29';

function historyOf(changes: Partial<LearnerHistory> = {}): LearnerHistory {
  const days = daysEndingWith(today, 56).map((date, i) => ({
    date,
    listeningMinutes: 0,
    reviews: 0,
    exercises: 0,
    exercisesRight: 0,
    wordsKnown: i < 50 ? 100 : 140,
  }));
  days[55] = { ...days[55]!, listeningMinutes: 12.5, exercises: 10, exercisesRight: 8 };
  days[53] = { ...days[53]!, listeningMinutes: 20 };
  return {
    today,
    days,
    forecast: Array.from({ length: 14 }, (_, i) => ({
      date: addDays(today, i),
      due: i === 0 ? 3 : 1,
    })),
    streak: { days: 4, activeToday: true, forgiven: 1, endsToday: false },
    ...changes,
  };
}

function renderProfile(history: LearnerHistory) {
  stubApi({
    'GET /api/auth/session': sessionOf(userFixture),
    [`GET /api/me/history?${timezoneOffsetQuery()}`]: () => json(200, history),
  });
  renderApp('/profile');
}

describe('Your Progress on the profile', () => {
  it('sums up each chart in words and shows the streak with the day forgiven', async () => {
    renderProfile(historyOf());
    expect(await screen.findByRole('heading', { name: 'Your Progress' })).toBeInTheDocument();
    expect(await screen.findByText('4 days in a row')).toBeInTheDocument();
    expect(screen.getByText(/1 missed day forgiven\./)).toBeInTheDocument();
    expect(screen.getByText('33 minutes in the last 7 days.')).toBeInTheDocument();
    expect(screen.getByText('140 words known, 40 more than 8 weeks ago.')).toBeInTheDocument();
    expect(screen.getByText('80% right in the last 7 days (10 answers).')).toBeInTheDocument();
    expect(screen.getByText('3 cards due today, 9 cards in the next 7 days.')).toBeInTheDocument();
  });

  it('gives screen readers each chart as a table, and shows it on demand', async () => {
    const user = userEvent.setup();
    renderProfile(historyOf());
    const figure = await screen.findByRole('figure', { name: 'Listening minutes per day' });
    const table = within(figure).getByRole('table', { name: 'Listening minutes per day' });
    const box = within(figure).getByTestId('chart-table');
    expect(box).toHaveClass('sr-only');
    const todayRow = within(table).getByRole('row', { name: /Sun, Nov 29/ });
    expect(todayRow).toHaveTextContent('13');
    const button = within(figure).getByRole('button', { name: 'Show as table' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(box).not.toHaveClass('sr-only');
    // A week without exercises reads as such, not as 0 %.
    const exercises = screen.getByRole('table', { name: 'Exercises right, per week' });
    expect(within(exercises).getAllByText('No exercises').length).toBeGreaterThan(0);
    expect(within(exercises).getByText('80%')).toBeInTheDocument();
  });

  it('says the streak ends today when yesterday was missed, and reads a new learner plainly', async () => {
    renderProfile(
      historyOf({ streak: { days: 2, activeToday: false, forgiven: 0, endsToday: true } }),
    );
    expect(await screen.findByText(/you missed yesterday/)).toBeInTheDocument();
    cleanup();
    vi.unstubAllGlobals();
    const empty = historyOf();
    empty.days = empty.days.map((day) => ({
      ...day,
      listeningMinutes: 0,
      exercises: 0,
      exercisesRight: 0,
      wordsKnown: 0,
    }));
    empty.streak = { days: 0, activeToday: false, forgiven: 0, endsToday: false };
    renderProfile(empty);
    expect(await screen.findByText('No streak yet')).toBeInTheDocument();
    expect(screen.getByText('No exercises in the last 7 days.')).toBeInTheDocument();
    expect(screen.getByText('0 words known.')).toBeInTheDocument();
  });
});
