// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adminFixture,
  json,
  renderApp,
  sessionOf,
  stubApi,
  storyFixture,
} from '#client/test/render-app';

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  stubApi({
    'GET /api/stories': () => json(200, { stories: [storyFixture] }),
    'GET /api/stories/by-slug/el-mercado': () => json(200, { story: storyFixture }),
  });
});

const stubSignedIn = () =>
  stubApi({
    'GET /api/stories': () => json(200, { stories: [storyFixture] }),
    'GET /api/auth/session': sessionOf(adminFixture),
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Every route of both specs, with the page's h1 and document title, for a visitor.
const pages: Array<[path: string, heading: string, title: string]> = [
  [
    '/',
    'Master Spanish with stories you can listen to',
    'Relatos — Learn Spanish with Audio Stories',
  ],
  ['/library', 'Story Library', 'Relatos — Library'],
  // An unknown story id: the reader says so (the reader's own tests cover a real story).
  ['/library/reader/abc', 'Story Not Found', 'Relatos — Reader'],
  ['/story/el-mercado', 'El mercado', 'El mercado — Relatos'],
  // An address that names no chapter: practice says so as the player does.
  ['/practice/abc', 'Story Not Found', 'Relatos — Story Not Found'],
  ['/demo', 'Demo Story', 'Relatos — Demo Story'],
  ['/auth', 'Sign In', 'Relatos — Sign In'],
  ['/onboarding', 'Sign Up', 'Relatos — Sign Up'],
  ['/forgot-password', 'Forgot Password', 'Relatos — Forgot Password'],
  // Without a token in its address the reset page sends the visitor to /auth.
  ['/reset-password', 'Sign In', 'Relatos — Sign In'],
  ['/email-confirmation', 'Confirmation Failed', 'Relatos — Confirmation Failed'],
  // Signed-in pages send a visitor to /auth.
  ['/profile', 'Sign In', 'Relatos — Sign In'],
  ['/placement', 'Sign In', 'Relatos — Sign In'],
  ['/admin', 'Sign In', 'Relatos — Sign In'],
  ['/thank-you', '¡Muchas Gracias!', 'Relatos — Thank You'],
  ['/support-success', 'Support Payment', 'Relatos — Support Payment'],
  ['/help', 'Help Center', 'Relatos — Help Center'],
  ['/downloads', 'Downloads', 'Relatos — Downloads'],
  // An address that names no chapter: its questions page says so as the player does.
  ['/questions/abc', 'Story Not Found', 'Relatos — Story Not Found'],
  ['/contact', 'Contact Us', 'Relatos — Contact Us'],
  ['/faq', 'Frequently Asked Questions', 'Relatos — Frequently Asked Questions'],
  ['/privacy', 'Privacy Policy', 'Relatos — Privacy Policy'],
  ['/no/such/page', 'Page Not Found', 'Relatos — Page Not Found'],
];

// The pages behind sign-in, for an administrator.
const signedInPages: Array<[path: string, heading: string, title: string]> = [
  ['/profile', 'Your Profile', 'Relatos — Your Profile'],
  ['/admin', 'Admin Dashboard', 'Relatos — Admin Dashboard'],
  ['/admin/users', 'User Management', 'Relatos — User Management'],
  ['/admin/content', 'Content Management', 'Relatos — Content Management'],
  ['/admin/supporters', 'Supporters', 'Relatos — Supporters'],
  ['/admin/tags', 'Tracking Tags', 'Relatos — Tracking Tags'],
  ['/admin/settings', 'System Settings', 'Relatos — System Settings'],
  ['/admin/migrations', 'Database Migrations', 'Relatos — Database Migrations'],
];

describe('routes', () => {
  it.each(pages)('%s shows its heading "%s" and sets the title', async (path, heading, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it.each(signedInPages)(
    '%s shows its heading "%s" to a signed-in administrator',
    async (path, heading, title) => {
      stubSignedIn();
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      await waitFor(() => expect(document.title).toBe(title));
    },
  );

  it('wraps every page in the header, main and footer landmarks', async () => {
    renderApp('/help');
    await screen.findByRole('heading', { level: 1, name: 'Help Center' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
  });

  it("gives the admin area a sidebar with the spec's seven sections, then the inbox and audit log", async () => {
    stubSignedIn();
    renderApp('/admin/tags');
    await screen.findByRole('heading', { level: 1, name: 'Tracking Tags' });
    const sidebar = screen.getByRole('navigation', { name: 'Admin' });
    const links = within(sidebar).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin'],
      ['Users', '/admin/users'],
      ['Content', '/admin/content'],
      ['Supporters', '/admin/supporters'],
      ['Tags', '/admin/tags'],
      ['Migrations', '/admin/migrations'],
      ['Settings', '/admin/settings'],
      ['Inbox', '/admin/inbox'],
      ['Audit Log', '/admin/audit'],
    ]);
    expect(within(sidebar).getByRole('link', { name: 'Tags' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

describe('not-found page', () => {
  it('links home and to the library and reports the unknown path', async () => {
    const fetchMock = stubApi({
      'POST /api/client-log': () => new Response(null, { status: 204 }),
    });
    renderApp('/some/missing/page');

    await screen.findByRole('heading', { level: 1, name: 'Page Not Found' });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('link', { name: 'Browse the Library' })).toHaveAttribute(
      'href',
      '/library',
    );

    await waitFor(() => {
      const logCalls = fetchMock.mock.calls.filter(([url]) => url === '/api/client-log');
      expect(logCalls.length).toBeGreaterThan(0);
      const [, init] = logCalls[0]!;
      expect(init?.method).toBe('POST');
      expect(JSON.parse(String(init?.body))).toEqual({
        kind: 'not_found',
        path: '/some/missing/page',
      });
    });
  });

  it('stays on the page when the log request fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderApp('/gone');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page Not Found' }),
    ).toBeInTheDocument();
  });
});
