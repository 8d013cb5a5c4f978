// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PENDING_RETURN_PATH_KEY } from '#client/lib/auth/auth-storage';
import { json, renderApp, sessionOf, stubApi, userFixture } from '#client/test/render-app';

const toast = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  message: vi.fn(),
}));
vi.mock('#client/lib/toast', () => ({ toast, useToasterRequested: () => false }));

const HOME_HEADING = 'Master Spanish with stories you can listen to';

function stub(user: typeof userFixture | null = null) {
  return stubApi({
    'GET /api/auth/session': sessionOf(user),
    'GET /api/stories': () => json(200, { stories: [] }),
    'GET /api/me/preferences': () => json(404, { error: { code: 'NOT_FOUND', message: 'none' } }),
    'POST /api/auth/sign-in': () => json(200, { user: userFixture }),
    'POST /api/auth/sign-up': () => json(200, { email: 'ana@example.com' }),
    'POST /api/auth/confirm-email': () => json(200, { user: userFixture }),
  });
}

async function signInAt(path: string) {
  const user = userEvent.setup();
  renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Sign In' });
  await user.type(screen.getByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secreto123');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('returning to the page that sent the learner', () => {
  it('signs in and goes back to the page named by next', async () => {
    stub();
    await signInAt('/auth?next=%2Fhelp');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
  });

  it.each(['https://evil.example/', '//evil.example/help', '/\\evil.example', '/onboarding'])(
    'signs in and goes to / when next is %s',
    async (next) => {
      stub();
      await signInAt(`/auth?next=${encodeURIComponent(next)}`);
      expect(await screen.findByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible();
    },
  );

  it('sends an already signed-in learner on to next from the sign-in page', async () => {
    stub(userFixture);
    renderApp('/auth?next=%2Fhelp');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
  });

  it("keeps next on the sign-in page's Sign up link", async () => {
    stub();
    renderApp('/auth?next=%2Fhelp');
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/onboarding?next=%2Fhelp',
    );
  });

  it("the header's Sign In and Sign Up carry the current page", async () => {
    stub();
    renderApp('/help');
    await screen.findByRole('heading', { level: 1, name: 'Help Center' });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/auth?next=%2Fhelp',
    );
    expect(within(header).getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'href',
      '/onboarding?next=%2Fhelp',
    );
  });

  it('the header on the sign-in page does not point back at itself', async () => {
    stub();
    renderApp('/auth?next=%2Fhelp');
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  });

  it('signs up keeping the page: the sign-in links carry it and the browser keeps it', async () => {
    stub();
    const user = userEvent.setup();
    renderApp('/onboarding?next=%2Fhelp');
    await screen.findByRole('heading', { level: 1, name: 'Sign Up' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth?next=%2Fhelp',
    );
    await user.type(screen.getByLabelText('Full Name'), 'Ana');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secreto123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await screen.findByRole('heading', { level: 1, name: 'Check Your Email!' });
    expect(screen.getByRole('link', { name: 'Continue to Sign In' })).toHaveAttribute(
      'href',
      '/auth?next=%2Fhelp',
    );
    expect(localStorage.getItem(PENDING_RETURN_PATH_KEY)).toBe('/help');
  });

  it('confirms the e-mail, offers placement, and its Skip returns to the page the sign-up came from, once', async () => {
    stub();
    localStorage.setItem(PENDING_RETURN_PATH_KEY, '/help');
    const user = userEvent.setup();
    renderApp('/email-confirmation?token=tok-1');
    await screen.findByRole('heading', { level: 1, name: 'Email Confirmed!' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Find Your Level' }, { timeout: 4000 }),
    ).toBeVisible();
    expect(localStorage.getItem(PENDING_RETURN_PATH_KEY)).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Skip for Now' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
  });

  it('confirms the e-mail and skips placement to / when the kept page is not a same-site path', async () => {
    stub();
    localStorage.setItem(PENDING_RETURN_PATH_KEY, '//evil.example');
    const user = userEvent.setup();
    renderApp('/email-confirmation?token=tok-1');
    await screen.findByRole('heading', { level: 1, name: 'Find Your Level' }, { timeout: 4000 });
    await user.click(screen.getByRole('link', { name: 'Skip for Now' }));
    expect(await screen.findByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible();
  });

  it('signs a visitor sent from /profile in and back to the profile', async () => {
    stub();
    await signInAt('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Profile' })).toBeVisible();
  });
});
