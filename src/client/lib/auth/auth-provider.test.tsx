// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEPT_ANSWER_HEADER } from '#shared/offline/account-stamp';
import { createQueryClient } from '#client/lib/query-client';
import { doubtSession, syncAccount } from '#client/lib/sync/sync-account';
import { initTheme, THEME_STORAGE_KEY } from '#client/lib/theme';
import { json, sessionOf, stubApi, userFixture } from '#client/test/render-app';
import { useAuth } from './auth-context';
import {
  getPendingConfirmationEmail,
  getSignInFailures,
  PENDING_CONFIRMATION_EMAIL_KEY,
  SIGN_IN_FAILURES_KEY,
} from './auth-storage';
import { AuthProvider, KEPT_SESSION_RECHECK_MS, SESSION_CHECK_INTERVAL_MS } from './auth-provider';

function Probe() {
  const auth = useAuth();
  return (
    <div>
      <p data-testid="status">{auth.status}</p>
      <p data-testid="event">{auth.lastEvent ?? 'none'}</p>
      <p data-testid="email">{auth.user?.email ?? ''}</p>
      <button
        type="button"
        onClick={() =>
          void auth
            .signIn({ email: 'ana@example.com', password: 'Secreto123', rememberMe: true })
            .catch(() => undefined)
        }
      >
        sign in
      </button>
      <button
        type="button"
        onClick={() =>
          void auth.signUp({ email: 'new@example.com', password: 'Secreto123', fullName: 'New' })
        }
      >
        sign up
      </button>
      <button type="button" onClick={() => void auth.signOut()}>
        sign out
      </button>
    </div>
  );
}

function renderProvider(queryClient: QueryClient = createQueryClient()) {
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

const status = () => screen.getByTestId('status').textContent;
const lastEvent = () => screen.getByTestId('event').textContent;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  initTheme();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.documentElement.className = '';
});

describe('useAuth', () => {
  it('throws when used outside the AuthProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
  });
});

describe('AuthProvider', () => {
  it('shows a full-screen Loading... until the session is read, then the page', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi({
      'GET /api/auth/session': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderProvider();

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByTestId('status').closest('[hidden]')).not.toBeNull();

    answer(sessionOf(userFixture)(undefined) as Response);

    await waitFor(() => expect(status()).toBe('signed_in'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByTestId('status').closest('[hidden]')).toBeNull();
    expect(screen.getByTestId('email')).toHaveTextContent('ana@example.com');
  });

  it('treats a session that cannot be read as signed out', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderProvider();
    await waitFor(() => expect(status()).toBe('signed_out'));
    expect(lastEvent()).toBe('none');
  });

  it('re-checks the session every 30 s and reports a refreshed session', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let refreshed = false;
    const fetchMock = stubApi({
      'GET /api/auth/session': () => sessionOf(userFixture, refreshed)(undefined),
    });
    renderProvider();
    await waitFor(() => expect(status()).toBe('signed_in'));
    const sessionCalls = () =>
      fetchMock.mock.calls.filter(([url]) => url === '/api/auth/session').length;
    expect(sessionCalls()).toBe(1);

    refreshed = true;
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS));

    await waitFor(() => expect(lastEvent()).toBe('TOKEN_REFRESHED'));
    expect(sessionCalls()).toBe(2);
    expect(status()).toBe('signed_in');
  });

  it('checks the session at once when the server refused a waiting write as not this account’s', async () => {
    const other = { ...userFixture, id: 'other-user', email: 'otro@example.com' };
    let user = userFixture;
    const fetchMock = stubApi({ 'GET /api/auth/session': () => sessionOf(user)(undefined) });
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('email')).toHaveTextContent(userFixture.email));
    expect(syncAccount()).toBe(userFixture.id);

    // Another account signed in from another tab; no 30-second check is due yet.
    user = other;
    // Several writes refused at once ask once.
    act(() => {
      doubtSession();
      doubtSession();
    });

    await waitFor(() => expect(screen.getByTestId('email')).toHaveTextContent(other.email));
    expect(syncAccount()).toBe(other.id);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/session')).toHaveLength(2);
  });

  it('checks a session answer the worker kept again within seconds while online, not after 30 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    // Back online, the worker's first requests still fail: it answers with what it kept.
    let network = false;
    const fetchMock = stubApi({
      'GET /api/auth/session': () => {
        if (network) return sessionOf(null)(undefined);
        const kept = sessionOf(userFixture)(undefined) as Response;
        kept.headers.set(KEPT_ANSWER_HEADER, '1');
        return kept;
      },
    });
    renderProvider();
    await waitFor(() => expect(status()).toBe('signed_in'));
    const sessionCalls = () =>
      fetchMock.mock.calls.filter(([url]) => url === '/api/auth/session').length;

    // Still kept: asked again after 2 s, and again, up to five times in a row.
    await act(() => vi.advanceTimersByTimeAsync(KEPT_SESSION_RECHECK_MS));
    expect(sessionCalls()).toBeGreaterThanOrEqual(2);
    for (let again = 0; again < 5; again++)
      await act(() => vi.advanceTimersByTimeAsync(KEPT_SESSION_RECHECK_MS));
    expect(sessionCalls()).toBe(6);

    // The next check reaches the server, which says the session ended (signed out elsewhere).
    network = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(status()).toBe('signed_out'));
    expect(sessionCalls()).toBe(7);
  });

  it('does not check a kept session answer again while the browser is offline', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = stubApi({
      'GET /api/auth/session': () => {
        const kept = sessionOf(userFixture)(undefined) as Response;
        kept.headers.set(KEPT_ANSWER_HEADER, '1');
        return kept;
      },
    });
    renderProvider();
    await waitFor(() => expect(status()).toBe('signed_in'));
    await act(() => vi.advanceTimersByTimeAsync(KEPT_SESSION_RECHECK_MS * 3));
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/session')).toHaveLength(1);
  });

  it('signs out cleanly when a check finds the session ended, dropping the user data', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let user: typeof userFixture | null = userFixture;
    stubApi({ 'GET /api/auth/session': () => sessionOf(user)(undefined) });
    const queryClient = createQueryClient();
    queryClient.setQueryData(['me', 'profile'], { profile: { fullName: 'Ana' } });
    queryClient.setQueryData(['stories'], { stories: [] });
    renderProvider(queryClient);
    await waitFor(() => expect(status()).toBe('signed_in'));

    user = null;
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS));

    await waitFor(() => expect(status()).toBe('signed_out'));
    expect(lastEvent()).toBe('SIGNED_OUT');
    expect(screen.getByTestId('email')).toBeEmptyDOMElement();
    expect(queryClient.getQueryData(['me', 'profile'])).toBeUndefined();
    // Data that is not the user's stays (it is only marked for refetching).
    expect(queryClient.getQueryData(['stories'])).toEqual({ stories: [] });
  });

  it('counts failed sign-ins in session storage and clears the count on success', async () => {
    let accept = false;
    stubApi({
      'GET /api/auth/session': sessionOf(null),
      'POST /api/auth/sign-in': () =>
        accept
          ? json(200, { user: userFixture })
          : json(401, {
              error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' },
            }),
      'GET /api/me/preferences': () => json(404, { error: { code: 'NOT_FOUND', message: 'x' } }),
    });
    const user = userEvent.setup();
    renderProvider();
    await waitFor(() => expect(status()).toBe('signed_out'));

    await user.click(screen.getByRole('button', { name: 'sign in' }));
    await waitFor(() => expect(getSignInFailures()).toBe(1));
    await user.click(screen.getByRole('button', { name: 'sign in' }));
    await waitFor(() => expect(getSignInFailures()).toBe(2));
    expect(sessionStorage.getItem(SIGN_IN_FAILURES_KEY)).toBe('2');
    expect(status()).toBe('signed_out');

    accept = true;
    await user.click(screen.getByRole('button', { name: 'sign in' }));
    await waitFor(() => expect(status()).toBe('signed_in'));
    expect(lastEvent()).toBe('SIGNED_IN');
    expect(getSignInFailures()).toBe(0);
    expect(sessionStorage.getItem(SIGN_IN_FAILURES_KEY)).toBeNull();
  });

  it('remembers the address awaiting confirmation at sign-up and forgets it at sign-in', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(null),
      'POST /api/auth/sign-up': () => json(201, { email: 'new@example.com' }),
      'POST /api/auth/sign-in': () => json(200, { user: userFixture }),
      'GET /api/me/preferences': () => json(404, { error: { code: 'NOT_FOUND', message: 'x' } }),
    });
    const user = userEvent.setup();
    renderProvider();
    await waitFor(() => expect(status()).toBe('signed_out'));

    await user.click(screen.getByRole('button', { name: 'sign up' }));
    await waitFor(() => expect(getPendingConfirmationEmail()).toBe('new@example.com'));
    expect(localStorage.getItem(PENDING_CONFIRMATION_EMAIL_KEY)).toBe('new@example.com');

    await user.click(screen.getByRole('button', { name: 'sign in' }));
    await waitFor(() => expect(status()).toBe('signed_in'));
    expect(getPendingConfirmationEmail()).toBeNull();
  });

  it("applies the account's saved theme at sign-in", async () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    initTheme();
    stubApi({
      'GET /api/auth/session': sessionOf(null),
      'POST /api/auth/sign-in': () => json(200, { user: userFixture }),
      'GET /api/me/preferences': () =>
        json(200, {
          preferences: {
            playbackSpeed: 1,
            autoPlayNext: false,
            showTranslations: false,
            preferredLanguage: 'en',
            theme: 'dark',
            updatedAt: null,
          },
        }),
    });
    const user = userEvent.setup();
    renderProvider();
    await waitFor(() => expect(status()).toBe('signed_out'));
    expect(document.documentElement).not.toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'sign in' }));

    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('signs out on the server and locally', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'POST /api/auth/sign-out': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderProvider();
    await waitFor(() => expect(status()).toBe('signed_in'));

    await user.click(screen.getByRole('button', { name: 'sign out' }));

    await waitFor(() => expect(status()).toBe('signed_out'));
    expect(lastEvent()).toBe('SIGNED_OUT');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/sign-out')).toBe(true);
  });
});
