// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncStoreKey } from '#shared/offline/offline-storage';
import { getErrorLog } from '#client/lib/error-log';
import type { DownloadRecord } from '#client/lib/offline/downloads-db';
import type * as UseDownloads from '#client/lib/offline/use-downloads';
import { toast } from '#client/lib/toast';
import { json, renderApp, sessionOf, storyFixture, userFixture } from '#client/test/render-app';
import { settle } from '#client/test/settle';
import {
  chapterId,
  chapterRoutes,
  type FakeMedia,
  setUpPlayerPage,
  syncedProgress,
  tearDownPlayerPage,
  transcriptLines,
  transcriptWord,
  autoPlayNextPreferences,
} from './player-test-setup';

/*
 * The player offline (issue 15): the page is rendered in the browser (the app shell), the
 * service worker answers what was downloaded (chapter, story, transcript) and what was seen last
 * (session, vocabulary), and every other request fails as a fetch does without a network.
 */

type Handler = () => Response;

/*
 * The downloads list as the page reads it: unknown (null) as in a browser without IndexedDB,
 * unless a test says which chapters this device holds.
 */
const device = vi.hoisted(() => ({ downloads: null as DownloadRecord[] | null }));
vi.mock('#client/lib/offline/use-downloads', async (importOriginal) => ({
  ...(await importOriginal<typeof UseDownloads>()),
  useDownloads: () => device.downloads,
}));

/** A progress save waiting in an account's store (decision 057), recorded `ago` ms ago. */
const waitingSave = (userId: string, positionSeconds: number, ago: number) =>
  localStorage.setItem(
    syncStoreKey(userId),
    JSON.stringify([
      {
        id: `save-${userId}`,
        kind: 'progress',
        madeAt: Date.now() - ago,
        data: { chapterId, positionSeconds, durationSeconds: 75, deviceId: 'this-device' },
      },
    ]),
  );

/** What the service worker can answer offline; anything else fails like fetch without a network. */
const saved: Record<string, Handler> = chapterRoutes;
const signedIn: Record<string, Handler> = {
  'GET /api/auth/session': sessionOf(userFixture) as Handler,
  [`GET /api/chapters/${chapterId}/vocabulary`]: () =>
    json(200, { knownPercentage: 80, newWordIds: ['w4'] }),
};

function stubOfflineApi(answered: Record<string, Handler>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const handler = answered[`${(init?.method ?? 'GET').toUpperCase()} ${url}`];
    if (handler) return handler();
    throw new TypeError('Failed to fetch');
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

let media: FakeMedia;
let toastError: ReturnType<typeof vi.spyOn>;
let toastWarning: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  media = setUpPlayerPage();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  toastError = vi.spyOn(toast, 'error');
  toastWarning = vi.spyOn(toast, 'warning');
});

afterEach(() => {
  device.downloads = null;
  cleanup();
  onlineManager.setOnline(true);
  tearDownPlayerPage(media);
});

async function openOffline(answered: Record<string, Handler>) {
  const fetchMock = stubOfflineApi(answered);
  const view = renderApp(`/player/${chapterId}`);
  await screen.findByRole('heading', { level: 1, name: 'La llegada' });
  await screen.findByRole('list', { name: 'Transcript of La llegada' });
  const audio = view.container.querySelector('audio')!;
  await waitFor(() => expect(audio).toHaveAttribute('src', `/api/chapters/${chapterId}/audio`));
  return { ...view, audio, fetchMock };
}

describe('player page offline', () => {
  it('plays a downloaded chapter for a learner: highlight, new words, glosses, line translations, seeking', async () => {
    const { audio, fetchMock } = await openOffline({ ...saved, ...signedIn });

    // The new-word marks come from the vocabulary last synced.
    expect(await screen.findByText('You know 80% of the words in this chapter')).toBeVisible();
    await waitFor(() => expect(transcriptWord('mercado')).toHaveAttribute('data-new'));

    // Playing: the word and the line follow the clock.
    const player = screen.getByRole('region', { name: 'Audio player' });
    fireEvent.click(within(player).getByRole('button', { name: 'Play' }));
    expect(audio.paused).toBe(false);
    act(() => media.advance(audio, 1.5));
    await waitFor(() => expect(transcriptWord('mercado')).toHaveAttribute('data-active'));
    expect(transcriptLines()[0]).toHaveAttribute('aria-current', 'true');

    // The story's own gloss and line translation need no request.
    fireEvent.click(transcriptWord('mercado'));
    const popup = await screen.findByRole('dialog', { name: 'mercado' });
    expect(await within(popup).findByText('market')).toBeInTheDocument();
    expect(within(popup).getByText('From the story')).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Translate line 1 of 2' }));
    const slot = transcriptLines()[0]!.querySelector<HTMLElement>('[data-slot]')!;
    expect(await within(slot).findByText('Lucía arrives at the market.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/translate')).toBe(false);

    // What only the server can translate says it needs a connection.
    fireEvent.click(screen.getByRole('button', { name: 'Translate line 2 of 2' }));
    const second = transcriptLines()[1]!.querySelector<HTMLElement>('[data-slot]')!;
    expect(
      await within(second).findByText('Hace sol. (translation needs a connection)'),
    ).toBeInTheDocument();
    fireEvent.click(transcriptWord('llega'));
    const asked = await screen.findByRole('dialog', { name: 'llega' });
    expect(
      await within(asked).findByText('llega (translation needs a connection)'),
    ).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });

    // Seeking from the bar.
    fireEvent.keyDown(within(player).getByRole('slider', { name: 'Seek' }), { key: 'End' });
    expect(audio.currentTime).toBe(75);
    act(() => audio.pause());

    // Progress, bookmarks, saved items, preferences, listening minutes all failed: no error
    // toast, no error page, nothing in the support log.
    await settle();
    expect(screen.queryByRole('heading', { name: 'Connection Problem' })).not.toBeInTheDocument();
    expect(toastError).not.toHaveBeenCalled();
    expect(toastWarning).not.toHaveBeenCalled();
    expect(getErrorLog()).toEqual([]);
  });

  it('works the listening assist offline', async () => {
    const { audio } = await openOffline({ ...saved, ...signedIn });
    const assist = screen.getByRole('region', { name: 'Listening assist' });
    fireEvent.click(within(assist).getByRole('button', { name: /Listening assist/ }));
    fireEvent.click(within(assist).getByRole('radio', { name: 'Pause (auto-pause)' }));
    act(() => void audio.play());
    act(() => media.advance(audio, 3.2));
    expect(audio.paused).toBe(true);
    expect(within(assist).getByRole('status')).toHaveTextContent('Paused after line 1.');
  });

  it("opens a visitor's open chapter with no session answer at all", async () => {
    const { fetchMock } = await openOffline(saved);
    expect(transcriptLines()).toHaveLength(2);
    const panel = screen.getByRole('region', { name: 'Bookmarks' });
    expect(within(panel).getByText(/Sign in to bookmark/)).toBeInTheDocument();
    fireEvent.click(transcriptWord('mercado'));
    const popup = await screen.findByRole('dialog', { name: 'mercado' });
    expect(await within(popup).findByText('market')).toBeInTheDocument();
    await settle();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/vocabulary'))).toBe(false);
    expect(toastError).not.toHaveBeenCalled();
    expect(getErrorLog()).toEqual([]);
  });

  it('resumes from the position saved offline, newer than the progress last synced', async () => {
    waitingSave(userFixture.id, 42, 60_000);
    const { audio } = await openOffline({
      ...saved,
      ...signedIn,
      [`GET /api/progress?chapterIds=${chapterId}`]: syncedProgress,
    });
    await waitFor(() => expect(audio.currentTime).toBe(42), { timeout: 3000 });
  });

  it('resumes from the position saved offline when no progress answer is kept', async () => {
    waitingSave(userFixture.id, 12.5, 60_000);
    // Another account's save on this device is not theirs to resume.
    waitingSave('99999999-9999-4999-8999-999999999999', 50, 1_000);
    const { audio } = await openOffline({ ...saved, ...signedIn });
    await waitFor(() => expect(audio.currentTime).toBe(12.5), { timeout: 3000 });
  });

  it('a chapter that was not downloaded: the page says so and leads to Downloads, no error toast', async () => {
    stubOfflineApi(signedIn);
    renderApp(`/player/${chapterId}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Chapter Not Downloaded' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("You're offline, and this chapter is not downloaded on this device."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Downloads' })).toHaveAttribute(
      'href',
      '/downloads',
    );
    expect(screen.queryByRole('heading', { name: 'Connection Problem' })).not.toBeInTheDocument();
    await settle();
    expect(toastError).not.toHaveBeenCalled();
    expect(getErrorLog()).toEqual([]);
  });

  it('a chapter the downloads list holds that still cannot load is a connection problem', async () => {
    device.downloads = [
      {
        chapterId,
        chapterTitle: 'La llegada',
        chapterPosition: 1,
        storyId: storyFixture.id,
        storySlug: storyFixture.slug,
        storyTitle: storyFixture.title,
        coverUrl: null,
        chapterUrls: [`/api/chapters/${chapterId}`],
        storyUrls: [],
        personalUrls: [],
        sizes: {},
        bytes: 0,
        requiresLogin: false,
        userId: userFixture.id,
        downloadedAt: '2026-11-26T10:00:00.000Z',
      },
    ];
    stubOfflineApi(signedIn);
    renderApp(`/player/${chapterId}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connection Problem' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to Downloads' })).not.toBeInTheDocument();
  });

  it('at the end, offline, does not start a next chapter that is not on the device', async () => {
    const { audio, fetchMock } = await openOffline({
      ...saved,
      ...signedIn,
      'GET /api/me/preferences': autoPlayNextPreferences,
    });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Show translations' })).not.toBeChecked(),
    );
    act(() => {
      audio.dispatchEvent(new Event('ended'));
    });
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'La llegada' })).toBeInTheDocument();
    expect(audio.currentTime).toBe(0);
    const nextChapterId = storyFixture.chapters[1]!.id;
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes(nextChapterId))).toBe(false);
  });

  it('still asks the service worker for a chapter once the tab knows it is offline', async () => {
    // The tab saw the connection go (an `offline` event) before this chapter was opened: the
    // requests must still be made, since the worker answers them from what was downloaded.
    onlineManager.setOnline(false);
    await openOffline({ ...saved, ...signedIn });
    await waitFor(() => expect(transcriptWord('mercado')).toHaveAttribute('data-new'));
  });
});
