import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { PASSWORD, signedInLearner } from './support/accounts.ts';
import { DEMO, storyBySlug } from './support/discover.ts';
import { collectErrors } from './support/page-errors.ts';
import {
  lineItem,
  signInOnlyFirstChapter,
  transcriptOf,
  waitForAudioMetadata,
  wordSpan,
} from './support/player.ts';

/** The API paths this page asks for, in order. */
function apiRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) paths.push(pathname);
  });
  return paths;
}

/** Issue 14, decision 037: the player is rendered by the server and hydrated without asking again. */
test.describe('the player’s first paint', () => {
  test('the HTML carries the chapter, its transcript words and the audio element before any script runs', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    const { story, chapters } = await storyBySlug(page.request, DEMO.open.slug);
    const chapter = chapters[0]!;
    const transcript = await transcriptOf(page.request, chapter.id);
    const words = transcript.segments.flatMap((segment) => segment.words);

    await page.goto(`/player/${chapter.id}`);
    await expect(page.getByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
    await expect(page.getByText(story.title, { exact: true }).first()).toBeVisible();
    await expect(page.locator('ol.tr-root [data-w]')).toHaveCount(words.length);
    await expect(wordSpan(page, 0, 0)).toHaveText(words[0]!.text);
    await expect(lineItem(page, transcript.segments.length - 1)).toBeVisible();
    await expect(page.locator('audio')).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Audio player' })).toBeVisible();
    await context.close();
  });

  test('hydration asks for neither the chapter, its story nor its transcript again, and the page responds', async ({
    page,
  }) => {
    const { story, chapters } = await storyBySlug(page.request, DEMO.open.slug);
    const chapter = chapters[0]!;
    const errors = collectErrors(page);
    const requests = apiRequests(page);

    await page.goto(`/player/${chapter.id}`);
    await waitForAudioMetadata(page);
    // Live: a word click seeks there and opens its translation.
    await wordSpan(page, 0, 1).click();
    await expect(page.getByRole('dialog')).toBeVisible();

    expect(requests).toContain(`/api/chapters/${chapter.id}/audio`);
    expect(requests).not.toContain(`/api/chapters/${chapter.id}`);
    expect(requests).not.toContain(`/api/chapters/${chapter.id}/transcript`);
    expect(requests).not.toContain(`/api/stories/${story.id}`);
    expect(errors).toEqual([]);
  });

  test('a visitor opening a chapter that needs an account sees what it is, signs in and comes back to it', async ({
    page,
    makeAxeBuilder,
  }) => {
    const { email } = await signedInLearner(page);
    await page.context().clearCookies();
    const { story, chapter } = await signInOnlyFirstChapter(page.request);
    const requests = apiRequests(page);
    const errors = collectErrors(page);

    await page.goto(`/player/${chapter.id}`);
    await expect(page.getByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
    await expect(page.getByRole('link', { name: story.title })).toBeVisible();
    await expect(page.getByText(story.level, { exact: true })).toBeVisible();
    await expect(
      page.getByText('Please sign in to access this story', { exact: false }),
    ).toBeVisible();
    const signIn = page.getByRole('link', { name: 'Sign in to listen' });
    await expect(signIn).toBeVisible();
    const { violations } = await makeAxeBuilder().analyze();
    expect(violations).toEqual([]);
    // Nothing of the media was asked for: no failing transcript or audio behind the prompt.
    expect(requests.filter((path) => /\/(audio|transcript)$/.test(path))).toEqual([]);
    expect(errors).toEqual([]);

    await signIn.click();
    await expect(page).toHaveURL(`/auth?next=${encodeURIComponent(`/player/${chapter.id}`)}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page).toHaveURL(`/player/${chapter.id}`);
    await expect(page.getByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
    await expect(lineItem(page, 0)).toBeVisible();
    await waitForAudioMetadata(page);
    await expect(page.getByRole('link', { name: 'Sign in to listen' })).toHaveCount(0);
  });

  test('a visitor reaching such a chapter inside the app gets the same prompt', async ({
    page,
  }) => {
    const { chapter } = await signInOnlyFirstChapter(page.request);
    const requests = apiRequests(page);
    await page.goto('/library');
    // A navigation of the app itself (no server render): the chapter comes from the API.
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/player/${chapter.id}`);
    await expect(page.getByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in to listen' })).toHaveAttribute(
      'href',
      `/auth?next=${encodeURIComponent(`/player/${chapter.id}`)}`,
    );
    expect(requests).toContain(`/api/chapters/${chapter.id}`);
    expect(requests.filter((path) => /\/(audio|transcript)$/.test(path))).toEqual([]);
  });
});
