// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '#client/lib/auth/auth-provider';
import { createQueryClient } from '#client/lib/query-client';
import { SiteIdentityProvider } from '#client/lib/site-identity-provider';
import { THEME_STORAGE_KEY, initTheme } from '#client/lib/theme';
import { adminFixture, json, sessionOf, stubApi, userFixture } from '#client/test/render-app';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

function LocationProbe() {
  const { pathname } = useLocation();
  return <p data-testid="location">{pathname}</p>;
}

/** Header and footer inside the providers; waits for the session to be read. */
async function renderHeader(path = '/') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>
          <SiteIdentityProvider>
            <SiteHeader />
            <SiteFooter />
          </SiteIdentityProvider>
          <LocationProbe />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  await screen.findByRole('banner');
}

beforeEach(() => {
  localStorage.clear();
  initTheme();
  stubApi({ 'GET /api/auth/session': sessionOf(null) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.documentElement.className = '';
});

describe('site header', () => {
  it('names the platform as its administrator set it, in the header, footer and title', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(null),
      'GET /api/site/settings': () =>
        json(200, {
          images: {},
          values: { platform_name: 'Cuentos', platform_description: 'Stories for the bus.' },
          logo: null,
        }),
    });
    await renderHeader();
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Cuentos home' })).toHaveAttribute(
      'href',
      '/',
    );
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Stories for the bus.')).toBeInTheDocument();
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Cuentos.`);
    expect(document.body).not.toHaveTextContent('Relatos');
  });

  it('has a home logo, Library and Help links, and Sign In / Sign Up', async () => {
    await renderHeader();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Relatos home' })).toHaveAttribute('href', '/');
    const nav = within(header).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Library' })).toHaveAttribute('href', '/library');
    expect(within(nav).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
    expect(within(header).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(within(header).getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
  });

  it('opens an accessible mobile menu with Library, Downloads, Sign In and Sign Up, and closes it', async () => {
    const user = userEvent.setup();
    await renderHeader();
    const trigger = screen.getByRole('button', { name: 'Open menu' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger);

    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const links = within(dialog).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Library', '/library'],
      ['Downloads', '/downloads'],
      ['Sign In', '/auth'],
      ['Sign Up', '/onboarding'],
    ]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it('closes the mobile menu when a link is followed', async () => {
    const user = userEvent.setup();
    await renderHeader();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(dialog).getByRole('link', { name: 'Library' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('cycles the theme light → dark → auto and remembers the choice', async () => {
    const user = userEvent.setup();
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    initTheme();
    await renderHeader();

    await user.click(screen.getByRole('button', { name: /^Theme: Light/ }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: /^Theme: Dark/ }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('auto');
    // jsdom has no matchMedia, so "auto" resolves to light here.
    expect(document.documentElement).not.toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: /^Theme: Automatic/ }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });
});

describe('site header, signed in', () => {
  it('shows an avatar menu with the email, Profile and Sign Out, which signs out and goes to /', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'POST /api/auth/sign-out': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    await renderHeader('/library');
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();

    await user.click(within(header).getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(menu).getByRole('menuitem', { name: 'My words' })).toHaveAttribute(
      'href',
      '/words',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Downloads' })).toHaveAttribute(
      'href',
      '/downloads',
    );
    expect(within(menu).queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/auth/sign-out' && init?.method === 'POST',
      ),
    ).toBe(true);
    expect(within(header).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('links to /review with the number of cards waiting (due and new today)', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      [`GET /api/me/review/summary?timezoneOffset=${new Date().getTimezoneOffset()}`]: () =>
        json(200, { dueCount: 3, newAvailable: 2 }),
    });
    await renderHeader();
    const badge = await screen.findByRole('link', {
      name: 'Review: Due 3 · New cards left today 2',
    });
    expect(badge).toHaveAttribute('href', '/review');
    expect(badge).toHaveTextContent('Review5');
  });

  it('shows no review link to a visitor', async () => {
    stubApi({ 'GET /api/auth/session': sessionOf(null) });
    await renderHeader();
    expect(screen.queryByTestId('review-badge')).not.toBeInTheDocument();
  });

  it('offers the admin panel to an administrator', async () => {
    stubApi({ 'GET /api/auth/session': sessionOf(adminFixture) });
    const user = userEvent.setup();
    await renderHeader();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('lists Library, Profile, My words, Downloads and Sign Out in the mobile menu', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'POST /api/auth/sign-out': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    await renderHeader('/library');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Library', '/library'],
      ['Profile', '/profile'],
      ['My words', '/words'],
      ['Downloads', '/downloads'],
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('saves a theme change to the account of a signed-in user', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'PATCH /api/me/preferences': () =>
        json(200, {
          preferences: {
            playbackSpeed: 1,
            autoPlayNext: false,
            showTranslations: false,
            preferredLanguage: 'en',
            theme: 'dark',
            updatedAt: '2025-01-01T00:00:00.000Z',
          },
        }),
    });
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    initTheme();
    const user = userEvent.setup();
    await renderHeader();
    await screen.findByRole('button', { name: 'Account menu' });

    await user.click(screen.getByRole('button', { name: /^Theme: Light/ }));

    expect(document.documentElement).toHaveClass('dark');
    await waitFor(() => {
      const patch = fetchMock.mock.calls.find(([url]) => url === '/api/me/preferences');
      expect(patch?.[1]?.method).toBe('PATCH');
      expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ theme: 'dark' });
    });
  });
});

describe('site footer', () => {
  it('has a Support column with the four help links', async () => {
    await renderHeader();
    const support = screen.getByRole('navigation', { name: 'Support' });
    expect(
      within(support)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Help Center', '/help'],
      ['Contact Us', '/contact'],
      ['FAQ', '/faq'],
      ['Privacy Policy', '/privacy'],
    ]);
  });
});
