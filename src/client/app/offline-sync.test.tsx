// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outboxKey, PROGRESS_QUEUE_KEY, reviewAnswersKey } from '#shared/offline/offline-storage';
import {
  chapterId,
  chapterRoutes,
  type FakeMedia,
  setUpPlayerPage,
  tearDownPlayerPage,
} from '#client/features/player/player-test-setup';
import { createQueryClient } from '#client/lib/query-client';
import { json, sessionOf, stubApi, userFixture } from '#client/test/render-app';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

const signedIn = {
  'GET /api/auth/session': sessionOf(userFixture),
  ...chapterRoutes,
  [`GET /api/bookmarks?chapterId=${chapterId}`]: () => json(200, { bookmarks: [] }),
};

/** The app as the browser mounts it: the real providers (with the app-wide flusher). */
function renderApp(path: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** What fetch throws without a connection. */
const noConnection = () => Promise.reject(new TypeError('Failed to fetch'));

let media: FakeMedia;
beforeEach(() => {
  media = setUpPlayerPage();
});
afterEach(() => {
  cleanup();
  tearDownPlayerPage(media);
});

describe('offline outbox in the player', () => {
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
    renderApp(`/player/${chapterId}`);
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
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(outboxKey(userFixture.id))!)).toHaveLength(1),
    );
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
    await waitFor(() => expect(localStorage.getItem(outboxKey(userFixture.id))).toBeNull());
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
    renderApp(`/player/${chapterId}`);
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
  it('delivers what a tab closed offline left, on the next visit to any page, for this account only', async () => {
    const answer = {
      answerId: '99999999-9999-4999-8999-999999999999',
      itemId: '88888888-8888-4888-8888-888888888888',
      rating: 3,
      reviewedAt: 1_700_000_000_000,
    };
    localStorage.setItem(reviewAnswersKey(userFixture.id), JSON.stringify([answer]));
    const save = (userId: string) => ({
      chapterId,
      positionSeconds: 30,
      durationSeconds: 75,
      clientTimestamp: 1_700_000_000_000,
      deviceId: 'tab-1',
      userId,
    });
    localStorage.setItem(
      PROGRESS_QUEUE_KEY,
      JSON.stringify([save('someone-else'), save(userFixture.id)]),
    );
    localStorage.setItem(
      outboxKey(userFixture.id),
      JSON.stringify([
        {
          entryId: 'e1',
          userId: userFixture.id,
          madeAt: 1_700_000_000_000,
          operation: {
            kind: 'saved.save',
            body: { kind: 'word', chapterId, segmentId: 's1', wordId: 'w2' },
          },
        },
      ]),
    );
    const calls: Array<[string, unknown]> = [];
    const record = (name: string) => (init: RequestInit | undefined) => {
      calls.push([name, JSON.parse(init!.body as string)]);
      return json(200, {});
    };
    stubApi({
      'GET /api/auth/session': sessionOf(userFixture),
      'POST /api/me/saved-items': record('saved'),
      'POST /api/progress': record('progress'),
      [`POST /api/me/review/answers?timezoneOffset=${new Date().getTimezoneOffset()}`]: (init) => {
        calls.push(['answers', JSON.parse(init!.body as string)]);
        return json(200, {
          outcomes: [],
          cards: [],
          counts: { dueCount: 0, newAvailable: 0, reviewedToday: 1 },
        });
      },
    });
    renderApp('/privacy');
    await waitFor(() =>
      expect(calls.map(([name]) => name).sort()).toEqual(['answers', 'progress', 'saved']),
    );
    expect(calls.find(([name]) => name === 'progress')![1]).toMatchObject({
      chapterId,
      positionSeconds: 30,
    });
    expect(calls.find(([name]) => name === 'answers')![1]).toMatchObject({ answers: [answer] });
    await waitFor(() => expect(localStorage.getItem(reviewAnswersKey(userFixture.id))).toBeNull());
    expect(localStorage.getItem(outboxKey(userFixture.id))).toBeNull();
    // Another account's save stays for that account.
    expect(JSON.parse(localStorage.getItem(PROGRESS_QUEUE_KEY)!)).toEqual([save('someone-else')]);
  });
});
