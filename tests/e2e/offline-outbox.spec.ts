import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signedInLearner } from './support/accounts';
import { openStoryFirstChapter } from './support/demo-library';
import { waitingEntries } from './support/learner-sync';
import {
  openPlayer,
  pause,
  playUntil,
  PLAYER_LAUNCH_OPTIONS,
  transcriptOf,
  wordAt,
  wordSpan,
} from './support/player';

test.use({ launchOptions: PLAYER_LAUNCH_OPTIONS });

/** The bookmark and saved-item changes waiting in the browser (decision 057). */
const outboxEntries = async (page: Page) => [
  ...(await waitingEntries(page, 'bookmark')),
  ...(await waitingEntries(page, 'saved-item')),
];

/** The profile's Listening Minutes as the server counts them. */
const listeningMinutes = async (page: Page) => {
  const response = await page.request.get('/api/me/statistics');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { statistics: { listeningMinutes: number } }).statistics
    .listeningMinutes;
};

test.describe('offline writes (decisions 041, 057)', () => {
  let learner: { email: string; password: string };
  test.beforeEach(async ({ page }) => {
    // Two pages, a closed tab and the way back online: slow on a busy machine.
    test.setTimeout(90_000);
    learner = await signedInLearner(page);
  });

  test('a bookmark and a saved word made offline, tab closed, arrive on the next visit to any page', async ({
    page,
    context,
  }) => {
    const { chapter } = await openStoryFirstChapter(page.request);
    const transcript = await transcriptOf(page.request, chapter.id);
    const { word } = wordAt(transcript, 0, 1);

    // Online: the player, its audio and the word popup are loaded; one bookmark made normally.
    await openPlayer(page, chapter);
    const panel = page.getByRole('region', { name: 'Bookmarks' });
    await panel.getByLabel('Note (optional)').fill('Made online');
    await panel.getByRole('button', { name: 'Add bookmark' }).click();
    await expect(panel.getByText('Made online')).toBeVisible();
    await wordSpan(page, 0, 1).click();
    await expect(page.getByRole('dialog', { name: word.text })).toBeVisible();
    await page.keyboard.press('Escape');

    // Offline: both show at once and wait in the outbox.
    await context.setOffline(true);
    await panel.getByLabel('Note (optional)').fill('Made on the train');
    await panel.getByRole('button', { name: 'Add bookmark' }).click();
    await expect(
      panel
        .getByRole('list', { name: 'Your bookmarks in this chapter' })
        .getByText('Made on the train'),
    ).toBeVisible();
    await wordSpan(page, 0, 1).click();
    const popup = page.getByRole('dialog', { name: word.text });
    await popup.getByRole('button', { name: `Save “${word.text}” to My words` }).click();
    await expect(popup.getByRole('status')).toHaveText('Saved');
    await expect.poll(() => outboxEntries(page).then((entries) => entries.length)).toBe(2);
    await page.close();

    // Back online, another page of the app: the app-wide flusher delivers both.
    await context.setOffline(false);
    const next = await context.newPage();
    await next.goto('/privacy');
    await expect(next.getByRole('heading', { level: 1 })).toBeVisible();
    await expect
      .poll(async () => {
        const response = await next.request.get(`/api/bookmarks?chapterId=${chapter.id}`);
        const { bookmarks } = (await response.json()) as { bookmarks: Array<{ note: string }> };
        return bookmarks.map((bookmark) => bookmark.note).sort();
      })
      .toEqual(['Made on the train', 'Made online']);
    await expect
      .poll(async () => {
        const response = await next.request.get(`/api/me/saved-items?chapterId=${chapter.id}`);
        const { items } = (await response.json()) as { items: Array<{ wordId: string | null }> };
        return items.map((item) => item.wordId);
      })
      .toEqual([word.id]);
    await expect.poll(() => outboxEntries(next).then((entries) => entries.length)).toBe(0);
  });

  test('minutes listened without a connection, tab closed, reach the server when the app is next opened', async ({
    page,
    context,
  }) => {
    const { chapter } = await openStoryFirstChapter(page.request);
    // An earlier visit of 55 s: the few seconds listened here make the first minute.
    const earlier = await page.request.post('/api/progress/listening', {
      data: { sessionId: randomUUID(), chapterId: chapter.id, listenedSeconds: 55 },
    });
    expect(earlier.status()).toBe(200);
    await openPlayer(page, chapter);

    // The connection is gone for the app's writes (the audio plays on from what it loads).
    await context.route('**/api/progress/listening', (route) =>
      route.abort('internetdisconnected'),
    );
    await playUntil(page, 6);
    await pause(page);
    type Report = { chapterId: string; listenedSeconds: number };
    await expect
      .poll(() => waitingEntries<Report>(page, 'listening'))
      .toEqual([expect.objectContaining({ chapterId: chapter.id })]);
    const [kept] = await waitingEntries<Report>(page, 'listening');
    expect(kept!.listenedSeconds).toBeGreaterThan(5);
    expect(await listeningMinutes(page)).toBe(0);

    // The tab is closed offline; later the app is opened again, online, on another page.
    await context.setOffline(true);
    await page.close();
    await context.unroute('**/api/progress/listening');
    await context.setOffline(false);
    const next = await context.newPage();
    await next.goto('/privacy');
    await expect(next.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => listeningMinutes(next), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => waitingEntries(next, 'listening')).toEqual([]);
  });

  test('a tab still showing one learner after another signed in elsewhere: its bookmark waits for its own account and is never stored as the other’s', async ({
    page,
  }) => {
    const { chapter } = await openStoryFirstChapter(page.request);
    await openPlayer(page, chapter);
    // Another learner signs in on this device (in another tab: the cookie is now theirs), while
    // this tab still shows the first learner, who adds a bookmark.
    await signedInLearner(page);
    const requested: string[] = [];
    page.on('request', (request) =>
      requested.push(`${request.method()} ${new URL(request.url()).pathname}`),
    );
    const sent = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/bookmarks' &&
        response.request().method() === 'POST',
    );
    const panel = page.getByRole('region', { name: 'Bookmarks' });
    await panel.getByLabel('Note (optional)').fill('Made by the first learner');
    await panel.getByRole('button', { name: 'Add bookmark' }).click();

    // The server refuses the first learner's change with the second one's session (decision 076);
    // the tab then asks who is signed in, and the change waits for its own account.
    expect((await sent).status()).toBe(401);
    await expect
      .poll(() => requested.slice(requested.indexOf('POST /api/bookmarks') + 1))
      .toContain('GET /api/auth/session');
    const notesOf = async () => {
      const response = await page.request.get(`/api/bookmarks?chapterId=${chapter.id}`);
      const { bookmarks } = (await response.json()) as { bookmarks: Array<{ note: string }> };
      return bookmarks.map((bookmark) => bookmark.note);
    };
    expect(await notesOf()).toEqual([]);
    expect(await outboxEntries(page)).toEqual([
      expect.objectContaining({ note: 'Made by the first learner' }),
    ]);

    // The first learner signs in again: their bookmark arrives, in their account.
    const signIn = await page.request.post('/api/auth/sign-in', {
      data: { ...learner, rememberMe: true },
    });
    expect(signIn.status()).toBe(200);
    await page.goto('/privacy');
    await expect.poll(notesOf).toEqual(['Made by the first learner']);
    await expect.poll(() => outboxEntries(page).then((entries) => entries.length)).toBe(0);
  });
});
