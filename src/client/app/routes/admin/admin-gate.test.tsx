// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adminFixture,
  json,
  renderApp,
  sessionOf,
  stubApi,
  userFixture,
} from '#client/test/render-app';

const HOME_HEADING = 'Master Spanish with stories you can listen to';
const counts = { stories: 12, chapters: 48, profiles: 1250, feedback: 3, openFeedback: 2 };

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('admin gate', () => {
  it("shows 'Loading...' while the session loads, and nothing of the panel", async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi({
      'GET /api/auth/session': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/admin/dashboard': () => json(200, { counts }),
    });
    renderApp('/admin');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();

    answer(sessionOf(adminFixture)(undefined) as Response);
    expect(await screen.findByRole('navigation', { name: 'Admin' })).toBeVisible();
  });

  it('sends a visitor to /auth', async () => {
    const fetchMock = stubApi({ 'GET /api/auth/session': sessionOf(null) });
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/admin'))).toBe(false);
  });

  it("tells a user who is not an admin 'Access Denied', then goes to /", async () => {
    const fetchMock = stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'GET /api/stories': () => json(200, { stories: [] }),
    });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    expect(
      screen.getByText("You don't have permission to access the admin panel."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/admin'))).toBe(false);

    expect(await screen.findByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible();
  });

  it('shows an admin the panel, its sidebar and the dashboard counts', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(adminFixture),
      'GET /api/admin/dashboard': () => json(200, { counts }),
    });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeVisible();

    const read = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await screen.findByText('Stories', { selector: 'dt' });
    expect(read('Stories')).toBe('12');
    expect(read('Chapters')).toBe('48');
    expect(read('Profiles')).toBe('1,250');
    expect(read('Feedback')).toBe('3');
    // The open messages lead to the inbox, filtered to them (issue 12).
    expect(screen.getByRole('link', { name: '2 open messages' })).toHaveAttribute(
      'href',
      '/admin/inbox?status=open',
    );
  });

  it('says when the counts cannot be loaded', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(adminFixture),
      'GET /api/admin/dashboard': () =>
        json(403, { error: { code: 'FORBIDDEN', message: 'Forbidden' } }),
    });
    renderApp('/admin');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The dashboard counts could not be loaded.')).toBeVisible();
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeVisible();
  });
});
