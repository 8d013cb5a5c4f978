import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signedInLearner } from './support/accounts';
import { openStoryFirstChapter } from './support/demo-library';
import {
  openPlayer,
  PLAYER_LAUNCH_OPTIONS,
  transcriptOf,
  wordAt,
  wordSpan,
} from './support/player';

test.use({ launchOptions: PLAYER_LAUNCH_OPTIONS });

/** localStorage of the outbox (src/shared/offline/offline-storage.ts `outboxKey`). */
const outboxEntries = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('relatos.outbox.'))
      .flatMap((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[]),
  );

test.describe('offline outbox (decision 041)', () => {
  test('a bookmark and a saved word made offline, tab closed, arrive on the next visit to any page', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await signedInLearner(page);
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
});
