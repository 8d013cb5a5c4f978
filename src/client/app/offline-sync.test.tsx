// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { syncStoreKey } from '#shared/offline/offline-storage';
import {
  chapterId,
  chapterRoutes,
  setUpPlayerPageForEachTest,
} from '#client/features/player/player-test-setup';
import { json, renderMountedApp, sessionOf, stubApi, userFixture } from '#client/test/render-app';
import { waitingEntries } from '#client/test/waiting-entries';

const signedIn = {
  'GET /api/auth/session': sessionOf(userFixture),
  ...chapterRoutes,
  [`GET /api/bookmarks?chapterId=${chapterId}`]: () => json(200, { bookmarks: [] }),
};

/** What fetch throws without a connection. */
const noConnection = () => Promise.reject(new TypeError('Failed to fetch'));

setUpPlayerPageForEachTest();

describe('changes made offline in the player', () => {
  it('shows a bookmark made offline at once, keeps it, and sends it when back online', async () => {
    let online = false;
    const sent: Array<Record<string, unknown>> = [];
    const stored: unknown[] = [];
    stubApi({
      ...signedIn,
      // The server's list: what it was sent (the page reads it again after a delivery).
      [`GET /api/bookmarks?chapterId=${chapterId}`]: () =>
        online ? json(200, { bookmarks: stored }) : (noConnection() as never),
      'POST /api/bookmarks': (init) => {
        if (!online) return noConnection() as never;
        const body = JSON.parse(init!.body as string) as Record<string, unknown>;
        sent.push(body);
        const at = new Date().toISOString();
        const bookmark = {
          id: body.id,
          chapterId,
          positionSeconds: body.positionSeconds,
          segmentId: null,
          note: body.note ?? null,
          createdAt: at,
          updatedAt: at,
        };
        stored.push(bookmark);
        return json(201, { bookmark });
      },
    });
    online = true;
    renderMountedApp(`/player/${chapterId}`);
    await screen.findByRole('list', { name: 'Transcript of La llegada' });
    const panel = await screen.findByRole('region', { name: 'Bookmarks' });
    await within(panel).findByText('No bookmarks in this chapter yet.');
    const add = within(panel).getByRole('button', { name: 'Add bookmark' });
    await waitFor(() => expect(add).toBeEnabled());
    online = false;
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    fireEvent.change(within(panel).getByLabelText('Note (optional)'), {
      target: { value: 'Written on the train' },
    });
    fireEvent.click(add);
    const list = await within(panel).findByRole('list', {
      name: 'Your bookmarks in this chapter',
    });
    expect(within(list).getByText('Written on the train')).toBeInTheDocument();
    await waitFor(() => expect(waitingEntries('bookmark', userFixture.id)).toHaveLength(1));
    expect(sent).toEqual([]);
    // Told that it waits on this device, not that it is done.
    await screen.findByText(
      "Bookmark added at 0:00 — kept on this device, it will be sent when you're back online",
    );

    online = true;
    onLine.mockRestore();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ chapterId, note: 'Written on the train' });
    await waitFor(() => expect(waitingEntries('bookmark', userFixture.id)).toEqual([]));
    // Delivered: still there, now as the server keeps it.
    expect(within(panel).getByText('Written on the train')).toBeInTheDocument();
  });
  it('keeps a note typed for the next bookmark while the last one is still being sent', async () => {
    let answer: () => void = () => undefined;
    stubApi({
      ...signedIn,
      'POST /api/bookmarks': (init) => {
        const body = JSON.parse(init!.body as string) as Record<string, unknown>;
        const at = new Date().toISOString();
        const bookmark = { id: body.id, chapterId, positionSeconds: 0, segmentId: null };
        return new Promise<Response>((resolve) => {
          answer = () =>
            resolve(
              json(201, {
                bookmark: { ...bookmark, note: body.note, createdAt: at, updatedAt: at },
              }),
            );
        });
      },
    });
    renderMountedApp(`/player/${chapterId}`);
    await screen.findByRole('list', { name: 'Transcript of La llegada' });
    const panel = await screen.findByRole('region', { name: 'Bookmarks' });
    const add = within(panel).getByRole('button', { name: 'Add bookmark' });
    await waitFor(() => expect(add).toBeEnabled());
    const note = within(panel).getByLabelText('Note (optional)');
    fireEvent.change(note, { target: { value: 'First' } });
    fireEvent.click(add);
    expect(await within(panel).findByText('First')).toBeInTheDocument();
    fireEvent.change(note, { target: { value: 'Second, typed meanwhile' } });
    act(() => answer());
    await screen.findByText('Bookmark added at 0:00');
    expect(note).toHaveValue('Second, typed meanwhile');
  });
});

describe('app-wide flushing', () => {
  it('sends what a tab closed offline left, of every kind, on the next visit to any page, for this account only', async () => {
    const sessionId = '77777777-7777-4777-8777-777777777777';
    const bookmarkId = '66666666-6666-4666-8666-666666666666';
    const entry = (id: string, kind: string, data: object) => ({
      id,
      kind,
      madeAt: 1_700_000_000_000,
      data,
    });
    localStorage.setItem(
      syncStoreKey(userFixture.id),
      JSON.stringify([
        entry('e1', 'listening', { sessionId, chapterId, listenedSeconds: 95 }),
        entry('e2', 'bookmark', { op: 'create', id: bookmarkId, chapterId, positionSeconds: 3 }),
      ]),
    );
    const elsewhere = [entry('e3', 'listening', { sessionId, chapterId, listenedSeconds: 40 })];
    localStorage.setItem(syncStoreKey('someone-else'), JSON.stringify(elsewhere));
    const calls: Array<[string, unknown]> = [];
    const record = (name: string, body: unknown) => (init: RequestInit | undefined) => {
      calls.push([name, JSON.parse(init!.body as string)]);
      return json(200, body);
    };
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'POST /api/progress/listening': record('listening', { listenedSeconds: 95 }),
      'POST /api/bookmarks': record('bookmark', { bookmark: { id: bookmarkId } }),
    });
    renderMountedApp('/privacy');
    await waitFor(() => expect(localStorage.getItem(syncStoreKey(userFixture.id))).toBeNull());
    expect(calls).toEqual([
      ['listening', { sessionId, chapterId, listenedSeconds: 95 }],
      ['bookmark', expect.objectContaining({ id: bookmarkId, editedAt: 1_700_000_000_000 })],
    ]);
    expect(JSON.parse(localStorage.getItem(syncStoreKey('someone-else'))!)).toEqual(elsewhere);
  });
});
