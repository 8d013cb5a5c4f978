import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import initSqlJs from 'sql.js';
import type { Page } from '@playwright/test';
import type { SavedItem } from '#shared/contracts/saved-items';
import { expect, test } from './support/fixtures';
import { signedInLearner } from './support/accounts';
import { openStoryFirstChapter } from './support/demo-library';
import { waitingEntries } from './support/learner-sync';
import { PLAYER_LAUNCH_OPTIONS, transcriptOf, wordAt } from './support/player';

// The card's clip plays when it is shown, without a click.
test.use({ launchOptions: PLAYER_LAUNCH_OPTIONS });

/** A word of the first line and the whole second line of the open demo chapter, saved through the API. */
async function saveTwoItems(page: Page) {
  const { chapter } = await openStoryFirstChapter(page.request);
  const transcript = await transcriptOf(page.request, chapter.id);
  const { segment, word, gloss } = wordAt(transcript, 0, 0);
  const line = transcript.segments[1]!;
  const saved: SavedItem[] = [];
  for (const body of [
    { kind: 'word', chapterId: chapter.id, segmentId: segment.id, wordId: word.id },
    { kind: 'sentence', chapterId: chapter.id, segmentId: line.id },
  ]) {
    const response = await page.request.post('/api/me/saved-items', { data: body });
    expect(response.status(), JSON.stringify(body)).toBe(201);
    saved.push(((await response.json()) as { item: SavedItem }).item);
  }
  return { word: word.text, gloss, sentence: line.text, saved };
}

const clipButton = (page: Page) => page.getByTestId('review-card').locator('[data-clip-status]');

test.describe('review', () => {
  test('review two saved items by keyboard, see the due count change, export the deck as CSV and Anki package', async ({
    page,
    makeAxeBuilder,
  }) => {
    // A whole journey: two cards with their clips, then two exports.
    test.setTimeout(90_000);
    await signedInLearner(page);
    const { word, gloss, sentence, saved } = await saveTwoItems(page);

    await page.goto('/');
    const badge = page.getByRole('link', { name: 'Review: Due 0 · New cards left today 2' });
    await expect(badge).toBeVisible();
    await badge.click();
    await expect(page).toHaveURL(/\/review$/);
    await expect(page.getByRole('heading', { name: 'Review', level: 1 })).toBeVisible();
    await expect(page.getByTestId('review-new-count')).toHaveText('2');

    // The first card (oldest saved: the word) plays its sentence by itself; R plays it again.
    await expect(clipButton(page)).toHaveAttribute('data-clip-status', 'playing');
    await expect(clipButton(page)).toHaveAttribute('data-clip-status', 'idle', { timeout: 20_000 });
    await page.keyboard.press('r');
    await expect(clipButton(page)).toHaveAttribute('data-clip-status', 'playing');

    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);

    await page.keyboard.press('Space');
    const answer = page.getByTestId('review-answer');
    await expect(answer.locator('mark')).toHaveText(new RegExp(`^${word}$`, 'i'));
    await expect(answer).toContainText(`${word} — ${gloss}`);
    await expect(page.getByRole('button', { name: /^Good/ })).toContainText('10m');
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);

    const answered = page.waitForResponse(
      (response) =>
        response.url().includes('/api/me/review/answers') && response.request().method() === 'POST',
    );
    await page.keyboard.press('4');
    await expect(page.getByTestId('review-new-count')).toHaveText('1');
    await page.keyboard.press('Space');
    await expect(answer).toContainText(sentence);
    await page.keyboard.press('4');

    await expect(
      page.getByRole('heading', { name: 'Nothing due — come back tomorrow' }),
    ).toBeVisible();
    await expect(page.getByTestId('review-next-due')).toContainText('Next card due');
    await expect(page.getByRole('link', { name: 'Go to the Library' })).toBeVisible();
    expect((await (await answered).json()).results).toHaveLength(2);
    // The header count follows the answers: nothing waits any more.
    await expect(page.getByRole('link', { name: 'Review', exact: true })).toBeVisible();
    const summary = await page.request.get('/api/me/review/summary');
    expect(await summary.json()).toEqual({ dueCount: 0, newAvailable: 0 });

    // CSV: BOM, header, one row per saved item with its clip's name.
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const csv = await readFile((await (await csvDownload).path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'text,sentence,translation,gloss,story,chapter,audio file name,translation source,gloss source',
    );
    expect(lines.filter((line) => line !== '')).toHaveLength(3);
    for (const item of saved) expect(csv).toContain(`relatos-${item.id}.wav`);
    expect(csv).toContain(gloss);

    // Anki package: cut in the browser, read back here as the zip and SQLite file it is.
    const apkgDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Anki package' }).click();
    await expect(page.getByTestId('export-status')).toHaveText('Your deck is downloaded', {
      timeout: 30_000,
    });
    const download = await apkgDownload;
    expect(download.suggestedFilename()).toMatch(/^relatos-deck-\d{4}-\d{2}-\d{2}\.apkg$/);
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    const media = JSON.parse(strFromU8(files.media!)) as Record<string, string>;
    expect(Object.values(media).sort()).toEqual(
      saved.map((item) => `relatos-${item.id}.wav`).sort(),
    );
    for (const number of Object.keys(media)) {
      const wav = files[number]!;
      expect(strFromU8(wav.subarray(0, 4))).toBe('RIFF');
      expect(strFromU8(wav.subarray(8, 12))).toBe('WAVE');
      // At least a second of 22.05 kHz 16-bit audio, and not all silence.
      expect(wav.length).toBeGreaterThan(44 + 22_050 * 2);
      expect(wav.subarray(44).some((byte) => byte !== 0)).toBe(true);
    }
    const SQL = await initSqlJs();
    const database = new SQL.Database(files['collection.anki2']);
    const [notes] = database.exec('SELECT flds FROM notes');
    const [cards] = database.exec('SELECT count(*) FROM cards');
    expect(cards!.values[0]![0]).toBe(2);
    const names = new Set(Object.values(media));
    for (const [flds] of notes!.values) {
      const sound = /\[sound:([^\]]+)\]/.exec(String(flds))?.[1];
      expect(names.has(sound!)).toBe(true);
    }
    database.close();
  });

  test('ratings given offline are kept in the browser and sent when it is back online', async ({
    page,
    context,
  }) => {
    const { email } = await signedInLearner(page);
    await saveTwoItems(page);
    await page.goto('/review');
    await expect(page.getByRole('button', { name: 'Show answer' })).toBeVisible();

    await context.setOffline(true);
    for (let card = 0; card < 2; card++) {
      await page.keyboard.press('Space');
      await expect(page.getByTestId('review-answer')).toBeVisible();
      await page.keyboard.press('4');
    }
    await expect(
      page.getByRole('heading', { name: 'Nothing due — come back tomorrow' }),
    ).toBeVisible();
    await expect(page.getByText('2 answers are waiting to be sent')).toBeVisible();
    expect(await waitingEntries(page, 'review-answer')).toHaveLength(2);

    const sent = page.waitForResponse(
      (response) =>
        response.url().includes('/api/me/review/answers') && response.request().method() === 'POST',
    );
    await context.setOffline(false);
    expect((await sent).status()).toBe(200);
    await expect(page.getByText('answers are waiting to be sent')).toBeHidden();
    const summary = await page.request.get('/api/me/review/summary');
    expect(await summary.json(), email).toEqual({ dueCount: 0, newAvailable: 0 });
  });

  test('fits a phone screen and sends a visitor to sign in', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/review');
    await expect(page).toHaveURL(/\/auth/);

    await signedInLearner(page);
    await saveTwoItems(page);
    await page.goto('/review');
    await expect(page.getByRole('button', { name: 'Show answer' })).toBeVisible();
    await page.getByRole('button', { name: 'Show answer' }).click();
    await expect(page.getByRole('button', { name: /^Easy/ })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
