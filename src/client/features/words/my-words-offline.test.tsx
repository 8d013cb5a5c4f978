// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncStoreKey } from '#shared/offline/offline-storage';
import { json, renderApp, sessionOf, stubApi, userFixture } from '#client/test/render-app';
import { savedItemFixture } from '#client/test/saved-item-fixture';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', async (original) => ({ ...(await original<object>()), toast }));

const item = savedItemFixture();

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.stubGlobal('scrollTo', vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  toast.success.mockReset();
  toast.error.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('My words offline (decisions 041, 057)', () => {
  it('a delete made offline leaves the list at once, and stays out of it after a reload until sent', async () => {
    const deletes: string[] = [];
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      // The server's list, as cached before the connection went: the item is still in it.
      'GET /api/me/saved-items?limit=30': () =>
        json(200, { items: [item], nextCursor: null, total: 1 }),
      [`DELETE /api/me/saved-items/${item.id}`]: () => {
        deletes.push(item.id);
        return Promise.reject(new TypeError('Failed to fetch'));
      },
    });
    renderApp('/words');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “perro”' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete “perro”' })).not.toBeInTheDocument(),
    );
    expect(deletes).toEqual([item.id]);
    const stored = JSON.parse(localStorage.getItem(syncStoreKey(userFixture.id))!) as Array<{
      kind: string;
      data: unknown;
    }>;
    expect(stored.map(({ kind, data }) => [kind, data])).toEqual([
      ['saved-item', { op: 'delete', id: item.id }],
    ]);

    // A new visit (the tab was closed): the cached list still has it, the page does not show it.
    cleanup();
    renderApp('/words');
    expect(await screen.findByRole('heading', { level: 1, name: 'My words' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('Loading your words...')).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Delete “perro”' })).not.toBeInTheDocument();
  });
  it('says a delete made offline is kept on this device', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'GET /api/me/saved-items?limit=30': () =>
        json(200, { items: [item], nextCursor: null, total: 1 }),
      [`DELETE /api/me/saved-items/${item.id}`]: () =>
        Promise.reject(new TypeError('Failed to fetch')),
    });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp('/words');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “perro”' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        "Deleted from My words — kept on this device, it will be sent when you're back online",
      ),
    );
    onLine.mockRestore();
  });
  it('says a delete made online as it always did', async () => {
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'GET /api/me/saved-items?limit=30': () =>
        json(200, { items: [item], nextCursor: null, total: 1 }),
      [`DELETE /api/me/saved-items/${item.id}`]: () => new Response(null, { status: 204 }),
    });
    renderApp('/words');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “perro”' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Deleted from My words'));
  });
});
