// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, sessionOf, stubApi, userFixture } from '#client/test/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('profile review summary', () => {
  it('shows the cards due and the new cards left today, with a way to review', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      [`GET /api/me/review/summary?timezoneOffset=${new Date().getTimezoneOffset()}`]: () =>
        json(200, { dueCount: 7, newAvailable: 4 }),
    });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Review' })).toBeInTheDocument();
    expect(await screen.findByTestId('profile-review-due')).toHaveTextContent('7');
    expect(screen.getByText('Due').nextSibling).toHaveTextContent('7');
    expect(screen.getByText('New cards left today').nextSibling).toHaveTextContent('4');
    expect(screen.getByRole('link', { name: 'Start Review' })).toHaveAttribute('href', '/review');
  });
});
