// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY, initTheme } from '#client/lib/theme';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const renderHeader = () =>
  render(
    <MemoryRouter initialEntries={['/']}>
      <SiteHeader />
      <SiteFooter />
    </MemoryRouter>,
  );

beforeEach(() => {
  localStorage.clear();
  initTheme();
});

afterEach(() => {
  cleanup();
  document.documentElement.className = '';
});

describe('site header', () => {
  it('has a home logo, Library and Help links, and Sign In / Sign Up', () => {
    renderHeader();
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

  it('opens an accessible mobile menu with Library, Sign In and Sign Up, and closes it', async () => {
    const user = userEvent.setup();
    renderHeader();
    const trigger = screen.getByRole('button', { name: 'Open menu' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger);

    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const links = within(dialog).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Library', '/library'],
      ['Sign In', '/auth'],
      ['Sign Up', '/onboarding'],
    ]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it('closes the mobile menu when a link is followed', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(dialog).getByRole('link', { name: 'Library' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('cycles the theme light → dark → auto and remembers the choice', async () => {
    const user = userEvent.setup();
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    initTheme();
    renderHeader();

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

describe('site footer', () => {
  it('has a Support column with the four help links', () => {
    renderHeader();
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
