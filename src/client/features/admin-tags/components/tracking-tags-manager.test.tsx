// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminTrackingTag } from '#shared/contracts/admin-tags';
import { adminFixture, json, renderApp, sessionOf, stubApi } from '#client/test/render-app';
import { FIRST_RENDER } from '#client/test/first-render';

const toast = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  message: vi.fn(),
}));
vi.mock('#client/lib/toast', () => ({ toast, useToasterRequested: () => false }));

const URL = '/api/admin/tracking-tags';
const stamp = '2026-03-01T10:00:00.000Z';
const tag = (overrides: Partial<AdminTrackingTag>): AdminTrackingTag => ({
  id: '66666666-6666-4666-8666-666666666666',
  tagName: 'Analytics',
  tagType: 'ga4',
  tagId: 'G-ABC123XYZ9',
  scriptContent: null,
  isActive: true,
  position: 'head',
  createdAt: stamp,
  updatedAt: stamp,
  ...overrides,
});
const analytics = tag({});
const hotjar = tag({
  id: '77777777-7777-4777-8777-777777777777',
  tagName: 'Hotjar',
  tagType: 'custom',
  tagId: null,
  scriptContent: '<script>window.hj = 1;</script>',
  isActive: false,
  position: 'body',
});

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;
const calls = (mock: ReturnType<typeof stubApi>, method: string) =>
  mock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

/** The screen at /admin/tags for an admin; resolves once its lazily loaded route has rendered. */
async function renderScreen(tags: AdminTrackingTag[], routes: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({
    'GET /api/auth/session': sessionOf(adminFixture),
    [`GET ${URL}`]: () => json(200, { tags }),
    ...routes,
  });
  renderApp('/admin/tags');
  await screen.findByRole('heading', { level: 1, name: 'Tracking Tags' }, FIRST_RENDER);
  return fetchMock;
}

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  for (const fn of Object.values(toast)) fn.mockReset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('tracking tags screen', () => {
  it('lists each tag with its type, id or custom script, position and active switch', async () => {
    await renderScreen([analytics, hotjar]);
    expect(screen.getByRole('heading', { level: 1, name: 'Tracking Tags' })).toBeVisible();
    const first = await screen.findByRole('listitem', { name: 'Analytics' });
    expect(within(first).getByText('Google Analytics 4')).toBeVisible();
    expect(within(first).getByText('G-ABC123XYZ9')).toBeVisible();
    expect(first).toHaveTextContent('Position: Head');
    expect(within(first).getByRole('switch', { name: 'Active: Analytics' })).toBeChecked();

    const second = screen.getByRole('listitem', { name: 'Hotjar' });
    expect(within(second).getByText('Custom')).toBeVisible();
    expect(within(second).getByText('Custom script')).toBeVisible();
    expect(second).toHaveTextContent('Position: Body');
    expect(within(second).getByRole('switch', { name: 'Active: Hotjar' })).not.toBeChecked();
    // The note about where tags run, next to the form.
    expect(screen.getByText(/never run on admin pages/)).toHaveTextContent(/localhost/);
    expect(screen.getByText(/never run on admin pages/)).toHaveTextContent(/https/);
  });

  it('says so when there is no tag yet', async () => {
    await renderScreen([]);
    expect(await screen.findByRole('heading', { name: 'No tracking tags yet' })).toBeVisible();
  });

  it('shows the tag id input for provider types and the script input for custom', async () => {
    const user = userEvent.setup();
    await renderScreen([]);
    const type = await screen.findByRole('combobox', { name: 'Tag Type' });
    expect(screen.getByRole('textbox', { name: 'GTM container ID' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Script Content' })).not.toBeInTheDocument();

    await user.selectOptions(type, 'facebook');
    expect(screen.getByRole('textbox', { name: 'Facebook Pixel ID' })).toBeVisible();

    await user.selectOptions(type, 'custom');
    expect(screen.getByRole('textbox', { name: 'Script Content' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /ID$/ })).not.toBeInTheDocument();
  });

  it("refuses a blank name with 'Tag name is required' and a malformed id, sending nothing", async () => {
    const user = userEvent.setup();
    const fetchMock = await renderScreen([]);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Tag Type' }), 'ga4');
    await user.type(screen.getByRole('textbox', { name: 'GA4 measurement ID' }), 'UA-1');
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));

    const name = screen.getByRole('textbox', { name: 'Tag Name' });
    expect(name).toHaveAccessibleDescription('Tag name is required');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'GA4 measurement ID' })).toHaveAccessibleDescription(
      /GA4 measurement ID must look like G-XXXXXXXXXX/,
    );
    expect(calls(fetchMock, 'POST')).toHaveLength(0);
  });

  it("creates a tag, toasts 'Tag created', clears the form and reloads the list", async () => {
    const user = userEvent.setup();
    let tags: AdminTrackingTag[] = [];
    const fetchMock = await renderScreen([], {
      [`GET ${URL}`]: () => json(200, { tags }),
      [`POST ${URL}`]: (init) => {
        const created = tag({ ...(bodyOf(init) as Partial<AdminTrackingTag>) });
        tags = [created];
        return json(201, { tag: created });
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Tag Name' }), '  Analytics ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tag Type' }), 'ga4');
    await user.type(screen.getByRole('textbox', { name: 'GA4 measurement ID' }), 'g-abc123xyz9');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Position' }), 'body');
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Tag created'));
    expect(bodyOf(calls(fetchMock, 'POST')[0]![1])).toEqual({
      tagName: 'Analytics',
      tagType: 'ga4',
      tagId: 'G-ABC123XYZ9',
      scriptContent: null,
      isActive: true,
      position: 'body',
    });
    expect(await screen.findByRole('listitem', { name: 'Analytics' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Tag Name' })).toHaveValue('');
  });

  it("toasts 'Failed to create tag' and shows the server's field message", async () => {
    const user = userEvent.setup();
    await renderScreen([], {
      [`POST ${URL}`]: () =>
        json(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Script sources must use https: http://x.test/a.js',
            details: {
              fields: { scriptContent: 'Script sources must use https: http://x.test/a.js' },
            },
          },
        }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Tag Name' }), 'Custom');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tag Type' }), 'custom');
    // The server has the last word (here it refuses what the form let through).
    await user.type(screen.getByRole('textbox', { name: 'Script Content' }), 'track();');
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to create tag', {
        description: 'Script sources must use https: http://x.test/a.js',
      }),
    );
    expect(screen.getByRole('textbox', { name: 'Script Content' })).toHaveAccessibleDescription(
      /Script sources must use https/,
    );
  });

  it('refuses a paste that is not a script snippet, saying what to paste, before sending', async () => {
    const user = userEvent.setup();
    const fetchMock = await renderScreen([]);
    await user.type(await screen.findByRole('textbox', { name: 'Tag Name' }), 'GTM');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tag Type' }), 'custom');
    fireEvent.change(screen.getByRole('textbox', { name: 'Script Content' }), {
      target: {
        value: '<iframe src="https://www.googletagmanager.com/ns.html?id=GTM-X"></iframe>',
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    expect(screen.getByRole('textbox', { name: 'Script Content' })).toHaveAccessibleDescription(
      /<iframe> is not one\. Paste the vendor's snippet exactly as given/,
    );
    expect(calls(fetchMock, 'POST')).toEqual([]);
  });

  it("edits a tag in the form and toasts 'Tag updated'", async () => {
    const user = userEvent.setup();
    const fetchMock = await renderScreen([analytics], {
      [`PUT ${URL}/${analytics.id}`]: (init) =>
        json(200, { tag: { ...analytics, ...(bodyOf(init) as object) } }),
    });
    const row = await screen.findByRole('listitem', { name: 'Analytics' });
    await user.click(within(row).getByRole('button', { name: 'Edit Analytics' }));

    expect(screen.getByRole('heading', { name: 'Edit Tracking Tag' })).toBeVisible();
    const name = screen.getByRole('textbox', { name: 'Tag Name' });
    expect(name).toHaveValue('Analytics');
    expect(name).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'GA4 measurement ID' })).toHaveValue('G-ABC123XYZ9');
    await user.clear(name);
    await user.type(name, 'Analytics EU');
    await user.click(screen.getByRole('button', { name: 'Update Tag' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Tag updated'));
    expect(bodyOf(calls(fetchMock, 'PUT')[0]![1])).toMatchObject({
      tagName: 'Analytics EU',
      tagId: 'G-ABC123XYZ9',
    });
    expect(await screen.findByRole('heading', { name: 'Add Tracking Tag' })).toBeVisible();
  });

  it('saves the active switch at once, and says when it fails', async () => {
    const user = userEvent.setup();
    let fail = false;
    const fetchMock = await renderScreen([analytics], {
      [`PUT ${URL}/${analytics.id}`]: (init) =>
        fail
          ? json(500, { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } })
          : json(200, { tag: { ...analytics, ...(bodyOf(init) as object) } }),
    });
    const toggle = await screen.findByRole('switch', { name: 'Active: Analytics' });
    await user.click(toggle);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Tag updated'));
    expect(bodyOf(calls(fetchMock, 'PUT')[0]![1])).toEqual({ isActive: false });

    fail = true;
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update tag', {
        description: 'Something went wrong',
      }),
    );
  });

  it("deletes a tag after confirmation ('Tag deleted'), or toasts 'Failed to delete tag'", async () => {
    const user = userEvent.setup();
    let status = 404;
    const fetchMock = await renderScreen([analytics], {
      [`DELETE ${URL}/${analytics.id}`]: () =>
        status === 204
          ? new Response(null, { status: 204 })
          : json(404, { error: { code: 'NOT_FOUND', message: 'Tracking tag not found' } }),
    });
    const row = await screen.findByRole('listitem', { name: 'Analytics' });

    await user.click(within(row).getByRole('button', { name: 'Delete Analytics' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Delete this tracking tag?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetchMock, 'DELETE')).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Delete Analytics' }));
    dialog = screen.getByRole('alertdialog', { name: 'Delete this tracking tag?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Tag' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to delete tag', {
        description: 'Tracking tag not found',
      }),
    );

    status = 204;
    await user.click(within(row).getByRole('button', { name: 'Delete Analytics' }));
    dialog = screen.getByRole('alertdialog', { name: 'Delete this tracking tag?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Tag' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Tag deleted'));
    expect(calls(fetchMock, 'DELETE')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
