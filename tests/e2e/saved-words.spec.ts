import { expect, test } from './support/fixtures';
import { signedInLearner } from './support/accounts';
import { openStoryFirstChapter } from './support/demo-library';
import {
  currentTime,
  lineItem,
  openPlayer,
  PLAYER_LAUNCH_OPTIONS,
  transcriptOf,
  wordAt,
  wordSpan,
} from './support/player';

// Clicking a word plays from it: audio must play without a user gesture.
test.use({ launchOptions: PLAYER_LAUNCH_OPTIONS });

/** The word as My words keeps it: the transcript's token without the punctuation around it. */
const bare = (text: string) => text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

test.describe('saved words', () => {
  test('save a word from the popup and a line, find them on My words, open one in the player, delete one', async ({
    page,
    makeAxeBuilder,
  }) => {
    test.setTimeout(60_000);
    await signedInLearner(page);
    const { chapter } = await openStoryFirstChapter(page.request);
    const transcript = await transcriptOf(page.request, chapter.id);
    const { word, gloss } = wordAt(transcript, 0, 1);
    const line = transcript.segments[2]!;
    const wordText = bare(word.text);

    // The word popup's Save keeps the word; the popup then says "Saved".
    await openPlayer(page, chapter);
    await expect(page.getByRole('link', { name: 'Review', exact: true })).toBeVisible();
    await wordSpan(page, 0, 1).click();
    const popup = page.getByRole('dialog', { name: word.text });
    await popup.getByRole('button', { name: `Save “${word.text}” to My words` }).click();
    await expect(popup.getByRole('status')).toHaveText('Saved');
    await page.keyboard.press('Escape');

    // A line's Save button keeps the sentence and turns into "Saved".
    const saveLine = lineItem(page, 2).locator('[data-action="save-line"]');
    await expect(saveLine).toHaveAttribute('aria-pressed', 'false');
    await saveLine.click();
    await expect(saveLine).toHaveAttribute('aria-pressed', 'true');
    await expect(saveLine).toHaveAccessibleName(/^Saved to My words/);
    // The header's review count follows at once (two new cards).
    await expect(
      page.getByRole('link', { name: 'Review: Due 0 · New cards left today 2' }),
    ).toBeVisible();

    // My words, from the account menu: both, newest first.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My words' }).click();
    await expect(page).toHaveURL(/\/words$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My words' })).toBeVisible();
    const cards = page.getByTestId('saved-item');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0).getByRole('heading')).toHaveText(line.text);
    await expect(cards.nth(1).getByRole('heading')).toHaveText(wordText);
    await expect(cards.nth(1)).toContainText(gloss);
    await expect(cards.nth(1)).toContainText(transcript.segments[0]!.text);
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);

    // Search narrows the list; a search that matches nothing says so.
    const search = page.getByRole('searchbox', { name: 'Search your words' });
    await search.fill(wordText);
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByRole('heading')).toHaveText(wordText);
    await search.fill('zzzz-nothing');
    await expect(page.getByText('Nothing you saved matches “zzzz-nothing”.')).toBeVisible();
    await search.fill('');
    await expect(cards).toHaveCount(2);

    // Open goes to the player at that sentence.
    await cards
      .nth(0)
      .getByRole('link', { name: `Open “${line.text}” in the player` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/player/${chapter.id}\\?t=`));
    await expect(lineItem(page, 2)).toBeVisible();
    await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(line.start - 0.05);
    expect(await currentTime(page)).toBeLessThan(line.end);
    await expect(lineItem(page, 2).locator('[data-action="save-line"]')).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Delete, after a confirmation.
    await page.goto('/words');
    await expect(cards).toHaveCount(2);
    await cards
      .nth(1)
      .getByRole('button', { name: `Delete “${wordText}”` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this saved item?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(cards).toHaveCount(1);
    await expect(page.getByText('1 saved item', { exact: true })).toBeVisible();
    await page.reload();
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByRole('heading')).toHaveText(line.text);
  });

  test('a visitor sees no Save on lines and a sign-in hint in the word popup; My words asks to sign in', async ({
    page,
  }) => {
    const { chapter } = await openStoryFirstChapter(page.request);
    await openPlayer(page, chapter);
    await expect(page.locator('[data-action="save-line"]')).toHaveCount(0);
    await wordSpan(page, 0, 0).click();
    await expect(
      page.getByRole('dialog').getByRole('link', { name: 'Sign in to save words to My words' }),
    ).toHaveAttribute('href', `/auth?next=${encodeURIComponent(`/player/${chapter.id}`)}`);
    await page.goto('/words');
    await expect(page).toHaveURL(/\/auth/);
  });
});
