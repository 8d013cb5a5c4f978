import type { Page } from '@playwright/test';
import type { PracticeAnswer } from '#shared/contracts/practice';
import type { Story } from '#shared/contracts/stories';
import { buildPracticeSet } from '#shared/practice/build-set';
import type { PracticeItem } from '#shared/practice/items';
import type { Transcript } from '#shared/transcript';
import { practiceSeed } from '#client/features/practice/practice-seed';
import { THEME_STORAGE_KEY } from '#client/lib/theme';
import { expect, test } from './support/fixtures';
import { signedInLearner } from './support/accounts';
import { openStoryFirstChapter } from './support/demo-library';
import { waitingEntries } from './support/learner-sync';
import {
  audioElement,
  audioState,
  openPlayer,
  PLAYER_LAUNCH_OPTIONS,
  transcriptOf,
} from './support/player';
import { waitForServiceWorker } from './support/service-worker';

/*
 * Practice (issue 25, decisions 066 and 068): exercises made in the browser from a chapter's
 * aligned audio. The journeys answer each exercise from the chapter's transcript, which they read
 * through the API as the page does: the set is the one the shared builder makes from the same
 * transcript and seed (the chapter, today, the first round), so the test knows what each exercise
 * asks without reading its answer off the page; the page's own answer (the line) is read only
 * once the exercise is checked.
 */

// Clips play when an exercise is shown; autoplay also lets the player's chapter end be reached.
test.use({ launchOptions: PLAYER_LAUNCH_OPTIONS });

const DAY_MS = 24 * 60 * 60 * 1000;

/** The set the page makes today for a learner with no saved words in the chapter. */
const todaysSet = (transcript: Transcript, story: Story, chapterId: string): PracticeItem[] =>
  buildPracticeSet(
    { segments: transcript.segments, level: story.level },
    practiceSeed(chapterId, new Date(), 0),
    { focus: new Set() },
  );

/** A new learner signed in on `page`, the open demo story's first chapter, and its set today. */
async function learnerWithTodaysSet(page: Page) {
  await signedInLearner(page);
  const { story, chapter } = await openStoryFirstChapter(page.request);
  const items = todaysSet(await transcriptOf(page.request, chapter.id), story, chapter.id);
  return { story, chapter, items };
}

/** How many answers a set sends: one per thing asked (each blank of a cloze). */
const answerCount = (items: readonly PracticeItem[]) =>
  items.reduce((count, item) => count + (item.kind === 'cloze' ? item.blanks.length : 1), 0);

/** A word that is no Spanish word: the deliberate mistake. */
const WRONG_WORD = 'zzz';

/** Starts the set from the keyboard: Start is focused and pressed with Enter. */
async function startByKeyboard(page: Page) {
  const start = page.getByRole('button', { name: 'Start' });
  await start.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('practice-item')).toBeVisible();
}

/**
 * Does the whole set with the keyboard alone, the dictation at `mistakeAt` with its last word
 * wrong; each exercise is checked against the page: its kind, its place, then, once checked, its
 * verdict and its line (and `afterCheck` looks at it then). Returns the item answered wrongly.
 */
async function practiseByKeyboard(
  page: Page,
  items: readonly PracticeItem[],
  mistakeAt: number | null,
  afterCheck?: (item: PracticeItem, index: number) => Promise<void>,
): Promise<PracticeItem | null> {
  let missed: PracticeItem | null = null;
  for (const [index, item] of items.entries()) {
    const card = page.getByTestId('practice-item');
    await expect(card).toHaveAttribute('data-kind', item.kind);
    await expect(page.getByTestId('practice-progress')).toHaveText(
      `Exercise ${index + 1} of ${items.length}`,
    );
    const wrong = index === mistakeAt;
    if (item.kind === 'dictation') {
      await expect(card.getByLabel('What you heard')).toBeFocused();
      const words = item.words.map((word) => word.text);
      if (wrong) words[words.length - 1] = WRONG_WORD;
      await page.keyboard.type(words.join(' '));
      await page.keyboard.press('Enter');
    } else if (item.kind === 'cloze') {
      const total = item.blanks.length;
      for (const [blankIndex, blank] of item.blanks.entries()) {
        const input = card.getByRole('textbox', {
          name: total === 1 ? 'Missing word' : `Missing word ${blankIndex + 1} of ${total}`,
        });
        if (!(await input.evaluate((element) => element === document.activeElement))) {
          await page.keyboard.press('Tab');
        }
        await expect(input).toBeFocused();
        if (blank.options.length > 0) {
          await page.keyboard.press(String(blank.options.indexOf(blank.answer) + 1));
          await expect(input).toHaveValue(blank.answer);
        } else {
          await page.keyboard.type(blank.answer);
        }
      }
      await page.keyboard.press('Enter');
    } else {
      await page.keyboard.press(String(item.options.indexOf(item.answer) + 1));
    }
    if (wrong) missed = item;

    await expect(page.getByTestId('practice-verdict')).toContainText(
      wrong ? 'Not quite' : 'Right!',
    );
    if (wrong && item.kind === 'dictation') {
      await expect(card.locator('[data-verdict="wrong"]')).toContainText(
        `you wrote “${WRONG_WORD}”`,
      );
    }
    // Only now does the page say what was asked: the line, exactly as the transcript writes it.
    await expect(page.getByTestId('practice-line')).toContainText(item.line);
    await afterCheck?.(item, index);
    const next = page.getByRole('button', {
      name: index === items.length - 1 ? 'See your score' : 'Next',
    });
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');
  }
  await expect(page.getByRole('heading', { name: 'Practice complete' })).toBeFocused();
  return missed;
}

/** Waits until no practice answer waits in the browser: the server has them all. */
async function everyAnswerDelivered(page: Page) {
  await expect
    .poll(async () => (await waitingEntries(page, 'practice-answer')).length, {
      message: 'practice answers waiting in the browser',
      timeout: 30_000,
    })
    .toBe(0);
}

const firstDictation = (items: readonly PracticeItem[]) =>
  items.findIndex((item) => item.kind === 'dictation');

/** Plays the chapter's last seconds in the player, so it ends as a learner's listening would. */
async function finishChapter(page: Page) {
  const { duration } = await audioState(page);
  await audioElement(page).evaluate((audio: HTMLAudioElement, at: number) => {
    audio.currentTime = at;
    void audio.play();
  }, duration - 1.5);
}

test.describe('practice', () => {
  test('a learner finishes a chapter, practises it by keyboard with one mistake, and meets the mistake in review the next day', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const { story, chapter, items } = await learnerWithTodaysSet(page);
    const mistakeAt = firstDictation(items);
    expect(mistakeAt, 'a beginner’s set holds a dictation').toBeGreaterThanOrEqual(0);

    await openPlayer(page, chapter);
    await finishChapter(page);
    const offer = page.getByTestId('practice-offer');
    await expect(offer.getByRole('status')).toContainText('You finished this chapter', {
      timeout: 15_000,
    });
    await offer.getByRole('link', { name: 'Practise this chapter' }).click();
    await expect(page).toHaveURL(`/practice/${chapter.id}`);
    await expect(page.getByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
    await expect(page.getByText(`${items.length} exercises`)).toBeVisible();

    const sent: PracticeAnswer[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/me/practice/answers')) {
        sent.push(...(request.postDataJSON() as { answers: PracticeAnswer[] }).answers);
      }
    });
    await startByKeyboard(page);
    // The first clip plays from the narrator's recording; R plays it again.
    const replay = page.getByRole('button', { name: 'Replay' });
    await expect(replay).toHaveAttribute('data-clip-status', 'playing');
    await expect(replay).toHaveAttribute('data-clip-status', 'idle', { timeout: 15_000 });
    if (items[0]!.kind !== 'dictation') {
      await page.keyboard.press('r');
      await expect(replay).toHaveAttribute('data-clip-status', 'playing');
    }

    const missed = await practiseByKeyboard(page, items, mistakeAt);
    await expect(page.getByTestId('practice-score')).toHaveText(
      `You got ${items.length - 1} of ${items.length} right.`,
    );
    const missedItems = page.getByTestId('practice-missed-item');
    await expect(missedItems).toHaveCount(1);
    await expect(missedItems).toContainText(missed!.line);
    await expect(missedItems).toContainText('Added to your review');

    // Every answer reached the server; the one mistake was sent as wrong.
    await everyAnswerDelivered(page);
    expect(sent).toHaveLength(answerCount(items));
    expect(sent.filter((answer) => !answer.correct)).toEqual([
      expect.objectContaining({ kind: 'dictation', segmentId: missed!.segmentId }),
    ]);

    // A day later, the mistake comes back in review with its line.
    await page.clock.setFixedTime(Date.now() + DAY_MS);
    await page.getByRole('link', { name: 'Go to review' }).click();
    await expect(page).toHaveURL(/\/review$/);
    const daily = page.getByTestId('daily-practice');
    await expect(daily).toContainText(
      `From the chapter you finished last: “${chapter.title}” of ${story.title}.`,
    );
    await expect(page.getByTestId('review-new-count')).toHaveText('1');
    await expect(page.getByTestId('review-card')).toContainText('Sentence');
    await page.keyboard.press('Space');
    await expect(page.getByTestId('review-answer')).toContainText(missed!.line);
  });

  test.describe('offline', () => {
    test.use({ serviceWorkers: 'allow' });

    test('the same set on a downloaded chapter offline: answers wait on the device and go when back online', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const { chapter, items } = await learnerWithTodaysSet(page);

      await page.goto(`/player/${chapter.id}`);
      await waitForServiceWorker(page);
      await page.getByRole('button', { name: 'Download for offline' }).click();
      await expect(page.getByTitle('Downloaded for offline listening')).toBeVisible({
        timeout: 60_000,
      });

      await page.context().setOffline(true);
      await page.goto(`/practice/${chapter.id}`);
      await expect(page.getByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
      await expect(page.getByText(`${items.length} exercises`)).toBeVisible();
      await startByKeyboard(page);
      await expect(page.getByRole('button', { name: 'Replay' })).toHaveAttribute(
        'data-clip-status',
        'playing',
      );
      const missed = await practiseByKeyboard(page, items, firstDictation(items));
      await expect(page.getByTestId('practice-missed-item')).toContainText(
        'Added to your review when you are back online',
      );
      const waiting = await waitingEntries<PracticeAnswer>(page, 'practice-answer');
      expect(waiting).toHaveLength(answerCount(items));

      await page.context().setOffline(false);
      await everyAnswerDelivered(page);
      const summary = await page.request.get('/api/me/review/summary');
      expect(await summary.json()).toMatchObject({ newAvailable: 1 });
      expect(missed).not.toBeNull();
    });
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`a visitor's practice screens on a phone pass axe, ${theme} theme`, async ({
      page,
      makeAxeBuilder,
    }) => {
      test.setTimeout(120_000);
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        THEME_STORAGE_KEY,
        theme,
      ] as const);
      await page.setViewportSize({ width: 375, height: 740 });
      const { story, chapter } = await openStoryFirstChapter(page.request);
      const items = todaysSet(await transcriptOf(page.request, chapter.id), story, chapter.id);
      await page.goto(`/practice/${chapter.id}`);
      const html = page.locator('html');
      if (theme === 'dark') await expect(html).toHaveClass(/\bdark\b/);
      else await expect(html).not.toHaveClass(/\bdark\b/);
      await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();

      const scan = async (screen: string) => {
        const { violations } = await makeAxeBuilder().analyze();
        expect(
          violations.map((violation) => `${violation.id}: ${violation.help}`),
          `${screen}, ${theme}`,
        ).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${screen} fits 375 px`).toBeLessThanOrEqual(0);
      };
      await scan('start screen');
      await startByKeyboard(page);
      await scan('an exercise');

      const dictationAt = firstDictation(items);
      await practiseByKeyboard(page, items, dictationAt, async (_item, index) => {
        // A dictation's result, word by word, with the mistake.
        if (index === dictationAt) await scan('a checked dictation');
      });
      await expect(
        page.getByRole('heading', { name: 'Keep your mistakes for review' }),
      ).toBeVisible();
      await scan('end screen');
    });
  }
});
