// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetTrackingTagsForTests } from '#client/features/tracking/components/tracking-tags';
import { TRACKING_ATTRIBUTE } from '#client/features/tracking/inject-tracking';
import { adminFixture, json, renderApp, sessionOf, stubApi } from '#client/test/render-app';

/**
 * Tracking tags never run in a document that shows the admin area (issue 23, decision 052): an
 * administrator who goes from a public page where tags ran into the admin area gets it as a new
 * page load, and this document neither renders nor fetches anything of it.
 */

const customTag = {
  id: 'probe-tag',
  tagName: 'Probe',
  tagType: 'custom',
  tagId: null,
  scriptContent: 'window.tagProbe = true;',
  position: 'head',
  createdAt: '2025-01-01T00:00:00.000Z',
};

let reload: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  reload = vi.fn();
  // A public address (tags never run on localhost), whose page can be loaded again.
  vi.stubGlobal('location', { ...window.location, hostname: 'relatos.example', reload });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetTrackingTagsForTests();
  document.head.querySelectorAll(`[${TRACKING_ATTRIBUTE}]`).forEach((node) => node.remove());
});

async function openAdminFromTheMenu() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Account menu' }));
  const menu = await screen.findByRole('menu');
  await user.click(within(menu).getByRole('menuitem', { name: 'Admin' }));
}

describe('entering the admin area', () => {
  it('from a page where tag code ran loads it as a new page, rendering and fetching none of it', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/session': sessionOf(adminFixture),
      'GET /api/tracking-tags': () => json(200, { tags: [customTag] }),
      'GET /api/admin/dashboard': () => json(200, {}),
    });
    renderApp('/help');
    await vi.waitFor(() =>
      expect(document.querySelector(`[${TRACKING_ATTRIBUTE}="probe-tag"]`)).not.toBeNull(),
    );

    await openAdminFromTheMenu();
    expect(await screen.findByText('Opening the admin area…')).toBeVisible();
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    const requested = fetchMock.mock.calls.map(([url]) => String(url));
    expect(requested.filter((url) => url.startsWith('/api/admin'))).toEqual([]);
  });

  it('from a page where no tag ran stays in the page', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(adminFixture),
      'GET /api/tracking-tags': () => json(200, { tags: [] }),
      'GET /api/admin/dashboard': () =>
        json(200, {
          counts: { stories: 1, chapters: 1, profiles: 1, feedback: 0, openFeedback: 0 },
        }),
    });
    renderApp('/help');
    await openAdminFromTheMenu();
    expect(await screen.findByRole('navigation', { name: 'Admin' })).toBeVisible();
    expect(reload).not.toHaveBeenCalled();
  });
});
