// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '#shared/contracts/admin-users';
import { adminFixture, json, renderApp, sessionOf, stubApi } from '#client/test/render-app';
import { settle } from '#client/test/settle';

const toast = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  message: vi.fn(),
}));
vi.mock('#client/lib/toast', () => ({ toast, useToasterRequested: () => false }));

const ana: AdminUser = {
  id: 'user-ana',
  email: 'ana@example.com',
  fullName: 'Ana García',
  avatarUrl: null,
  createdAt: '2025-06-01T12:00:00.000Z',
  role: 'user',
};
const mo: AdminUser = {
  id: 'user-mo',
  email: 'mo@example.com',
  fullName: null,
  avatarUrl: null,
  createdAt: '2025-03-15T12:00:00.000Z',
  role: 'moderator',
};
const self: AdminUser = {
  id: adminFixture.id,
  email: adminFixture.email,
  fullName: adminFixture.fullName,
  avatarUrl: null,
  createdAt: '2025-01-01T12:00:00.000Z',
  role: 'admin',
};

/** A tiny users API over `people`: GET lists (searching like the server), PATCH sets roles. */
function stubUsersApi(
  people: AdminUser[],
  options: { patch?: (init: RequestInit | undefined) => Response; total?: number } = {},
) {
  const listOf = (matching: AdminUser[]) =>
    json(200, { users: matching, total: options.total ?? matching.length, limit: 200 });
  const routes: Parameters<typeof stubApi>[0] = {
    'GET /api/auth/session': sessionOf(adminFixture),
    'GET /api/admin/users': () => listOf(people),
  };
  for (const search of ['ana', 'nobody']) {
    routes[`GET /api/admin/users?search=${search}`] = () =>
      listOf(
        people.filter((person) =>
          `${person.email} ${person.fullName ?? ''}`.toLowerCase().includes(search),
        ),
      );
  }
  for (const person of people) {
    routes[`PATCH /api/admin/users/${person.id}/role`] =
      options.patch ??
      ((init) => {
        const { role } = JSON.parse(String(init?.body)) as { role: AdminUser['role'] };
        person.role = role;
        return json(200, { user: person });
      });
  }
  return stubApi(routes);
}

/** The list item of the user shown under this name (the e-mail when there is no full name). */
const rowOf = (name: string) =>
  screen
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText(name, { selector: 'span' }) !== null)!;
const roleSelectOf = (name: string) =>
  within(rowOf(name)).getByRole('combobox', { name: `Role of ${name}` });
const requestsTo = (fetchMock: ReturnType<typeof stubApi>, method: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) =>
      String(url).startsWith('/api/admin/users') && (init?.method ?? 'GET') === method,
  );

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const fn of Object.values(toast)) fn.mockReset();
});

describe('admin users screen', () => {
  it('lists users with avatar initials, name, email, joined date and role badge', async () => {
    stubUsersApi([{ ...ana }, { ...mo }, { ...self }]);
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    // The layout's offline indicator is a status region too (empty while online).
    expect(
      screen.getAllByRole('status').find((region) => region.textContent === 'Loading users...'),
    ).toBeDefined();

    await screen.findByText('Ana García');
    expect(screen.getByText('3 users')).toBeVisible();
    expect(document.title).toBe('Relatos — User Management');

    const anaRow = rowOf('Ana García');
    expect(within(anaRow).getByText('ana@example.com')).toBeVisible();
    expect(within(anaRow).getByText('Jun 01, 2025')).toBeVisible();
    expect(within(anaRow).getByText('AG')).toBeVisible();
    expect(within(anaRow).getByText('User', { selector: '[data-role]' })).toBeVisible();

    // No full name: the e-mail stands in.
    const moRow = rowOf('mo@example.com');
    expect(within(moRow).getByText('Moderator', { selector: '[data-role]' })).toBeVisible();
    expect(
      within(rowOf('Ada Admin')).getByText('Admin', { selector: '[data-role]' }),
    ).toBeVisible();
  });

  it('offers only user and admin; a moderator keeps its role until changed', async () => {
    stubUsersApi([{ ...ana }, { ...mo }, { ...self }]);
    renderApp('/admin/users');
    await screen.findByText('Ana García');

    const anaSelect = roleSelectOf('Ana García');
    expect(anaSelect).toHaveValue('user');
    expect(
      within(anaSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['User', 'Admin']);

    const moSelect = roleSelectOf('mo@example.com');
    expect(moSelect).toHaveValue('moderator');
    const moderatorOption = within(moSelect).getByRole('option', { name: 'Moderator' });
    expect(moderatorOption).toBeDisabled();

    // The administrator's own admin role cannot be removed from here.
    const ownSelect = roleSelectOf('Ada Admin');
    expect(ownSelect).toBeDisabled();
    expect(ownSelect).toHaveAccessibleDescription('You cannot remove your own admin role.');
  });

  it('grants admin only after the confirm dialog, then toasts and shows the new badge', async () => {
    const user = userEvent.setup();
    const fetchMock = stubUsersApi([{ ...ana }, { ...self }]);
    renderApp('/admin/users');
    await screen.findByText('Ana García');

    await user.selectOptions(roleSelectOf('Ana García'), 'admin');
    let dialog = await screen.findByRole('alertdialog', { name: 'Grant admin role?' });
    expect(dialog).toHaveAccessibleDescription(/Ana García \(ana@example.com\)/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(roleSelectOf('Ana García')).toHaveValue('user');
    expect(requestsTo(fetchMock, 'PATCH')).toHaveLength(0);

    await user.selectOptions(roleSelectOf('Ana García'), 'admin');
    dialog = await screen.findByRole('alertdialog', { name: 'Grant admin role?' });
    await user.click(within(dialog).getByRole('button', { name: 'Grant Admin' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Role updated'));
    const patches = requestsTo(fetchMock, 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]![0]).toBe('/api/admin/users/user-ana/role');
    expect(JSON.parse(String(patches[0]![1]?.body))).toEqual({ role: 'admin' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(
      within(rowOf('Ana García')).getByText('Admin', { selector: '[data-role]' }),
    ).toBeVisible();
    expect(roleSelectOf('Ana García')).toHaveValue('admin');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('asks before removing admin', async () => {
    const user = userEvent.setup();
    const fetchMock = stubUsersApi([{ ...ana, role: 'admin' }, { ...self }]);
    renderApp('/admin/users');
    await screen.findByText('Ana García');

    await user.selectOptions(roleSelectOf('Ana García'), 'user');
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove admin role?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Admin' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Role updated'));
    expect(JSON.parse(String(requestsTo(fetchMock, 'PATCH')[0]![1]?.body))).toEqual({
      role: 'user',
    });
    expect(
      await within(rowOf('Ana García')).findByText('User', { selector: '[data-role]' }),
    ).toBeVisible();
  });

  it("toasts 'Failed to update role' and keeps the role when the change is refused", async () => {
    const user = userEvent.setup();
    stubUsersApi([{ ...ana }, { ...self }], {
      patch: () =>
        json(409, { error: { code: 'CONFLICT', message: 'The role could not be changed' } }),
    });
    renderApp('/admin/users');
    await screen.findByText('Ana García');

    await user.selectOptions(roleSelectOf('Ana García'), 'admin');
    const dialog = await screen.findByRole('alertdialog', { name: 'Grant admin role?' });
    await user.click(within(dialog).getByRole('button', { name: 'Grant Admin' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update role', {
        description: 'The role could not be changed',
      }),
    );
    expect(toast.success).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(roleSelectOf('Ana García')).toHaveValue('user');
    expect(
      within(rowOf('Ana García')).getByText('User', { selector: '[data-role]' }),
    ).toBeVisible();
  });

  it('searches on the server and says when nobody matches', async () => {
    const user = userEvent.setup();
    const fetchMock = stubUsersApi([{ ...ana }, { ...mo }, { ...self }]);
    renderApp('/admin/users');
    await screen.findByText('Ana García');

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'ana');
    await waitFor(() => expect(screen.queryByText('mo@example.com')).not.toBeInTheDocument());
    expect(screen.getByText('Ana García')).toBeVisible();
    expect(screen.getByText('1 user')).toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/admin/users?search=ana')).toBe(true);

    const box = screen.getByRole('searchbox', { name: 'Search users' });
    await user.clear(box);
    await user.type(box, 'nobody');
    expect(await screen.findByRole('heading', { name: 'No users found' })).toBeVisible();
    expect(screen.queryByText('Ana García')).not.toBeInTheDocument();
  });

  it("says 'Showing N of M' when the list is capped", async () => {
    stubUsersApi([{ ...ana }, { ...self }], { total: 350 });
    renderApp('/admin/users');
    expect(await screen.findByText('Showing 2 of 350 users')).toBeVisible();
  });

  it('shows an error with Try Again when the list cannot be loaded', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    stubApi({
      'GET /api/auth/session': sessionOf(adminFixture),
      'GET /api/admin/users': () =>
        fail
          ? json(403, { error: { code: 'FORBIDDEN', message: 'Forbidden' } })
          : json(200, { users: [ana], total: 1, limit: 200 }),
    });
    renderApp('/admin/users');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error loading users. Please try again.')).toBeVisible();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Ana García')).toBeVisible();
  });

  it("'Add New User' and 'View Details' change nothing and send no request", async () => {
    const user = userEvent.setup();
    const fetchMock = stubUsersApi([{ ...ana }, { ...self }]);
    renderApp('/admin/users');
    await screen.findByText('Ana García');
    const callsBefore = fetchMock.mock.calls.length;
    const pageBefore = document.body.innerHTML;

    await user.click(screen.getByRole('button', { name: 'Add New User' }));
    await user.click(screen.getByRole('button', { name: 'View Details of Ana García' }));

    // Give any (unexpected) navigation, request or dialog every chance to happen.
    await settle();
    expect(fetchMock.mock.calls.length).toBe(callsBefore);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    expect(document.body.innerHTML).toBe(pageBefore);
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
