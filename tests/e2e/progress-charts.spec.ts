import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { signedInLearner } from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { openStoryFirstChapter } from './support/demo-library.ts';
import { durationOf, saveProgress } from './support/discover.ts';
import { transcriptOf } from './support/player.ts';
import { expect, test } from './support/fixtures.ts';

/*
 * The profile's "Your Progress" (issue 25, decision 070): what a learner did today shows in the
 * charts and the streak, each chart reads as a table, and the section passes an accessibility scan
 * on a phone in both themes.
 */

/** A day's learning through the API, as the player and the practice screen send it. */
async function learnToday(page: Page) {
  const { chapter } = await openStoryFirstChapter(page.request);
  const listened = await page.request.post('/api/progress/listening', {
    data: { sessionId: randomUUID(), chapterId: chapter.id, listenedSeconds: 180 },
  });
  expect(listened.status()).toBe(200);
  await saveProgress(page.request, chapter, durationOf(chapter));
  const { segments } = await transcriptOf(page.request, chapter.id);
  const line = segments.find((segment) => segment.words.length > 2)!;
  const answer = (correct: boolean) => ({
    answerId: randomUUID(),
    kind: 'cloze',
    chapterId: chapter.id,
    segmentId: line.id,
    wordId: line.words[1]!.id,
    correct,
    answeredAt: Date.now(),
  });
  const practised = await page.request.post('/api/me/practice/answers', {
    data: {
      sentAt: Date.now(),
      answers: [answer(true), answer(true), answer(true), answer(false)],
    },
  });
  expect(practised.status()).toBe(200);
}

const progressSection = (page: Page) => page.getByRole('region', { name: 'Your Progress' });

test('a learner sees today’s listening, words, exercises and streak in charts and tables', async ({
  page,
}) => {
  await signedInLearner(page);
  await learnToday(page);
  await page.goto('/profile');
  const section = progressSection(page);
  await expect(section.getByText('1 day in a row')).toBeVisible();
  await expect(section.getByText('3 minutes in the last 7 days.')).toBeVisible();
  await expect(section.getByText('75% right in the last 7 days (4 answers).')).toBeVisible();
  await expect(section.getByText(/^\d+ words known, \d+ more than 8 weeks ago\.$/)).toBeVisible();
  // The wrong answer made a new card: not reviewed yet, so nothing is forecast.
  await expect(section.getByText('0 cards due today, 0 cards in the next 7 days.')).toBeVisible();

  const minutes = section.getByRole('figure', { name: 'Listening minutes per day' });
  await minutes.getByRole('button', { name: 'Show as table' }).click();
  const table = minutes.getByRole('table', { name: 'Listening minutes per day' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row').last()).toContainText('3');
});

for (const theme of ['light', 'dark'] as const) {
  test(`Your Progress on a phone passes an accessibility scan, ${theme} theme`, async ({
    page,
    makeAxeBuilder,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.addInitScript((value) => window.localStorage.setItem('relatos.theme', value), theme);
    await signedInLearner(page);
    await learnToday(page);
    await page.goto('/profile');
    const section = progressSection(page);
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByText('1 day in a row')).toBeVisible();
    if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    expect(
      await axeViolations(makeAxeBuilder().include('section[aria-labelledby="profile-progress"]')),
    ).toEqual([]);
  });
}
