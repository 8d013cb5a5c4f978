import { expect, test } from './support/fixtures.ts';
import { signedInLearner } from './support/accounts.ts';
import { DEMO, storyBySlug } from './support/discover.ts';
import { collectErrors } from './support/page-errors.ts';

test.describe('pages the server renders', () => {
  test('are readable without JavaScript: home, library and a story page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const { story } = await storyBySlug(page.request, DEMO.open.slug);

    await page.goto('/');
    await expect(
      page.getByRole('link', { name: 'Start Your Spanish Story Journey Now!' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Featured Story' })).toBeVisible();

    await page.goto('/library');
    await expect(page.getByRole('heading', { level: 1, name: 'Story Library' })).toBeVisible();
    await expect(page.getByRole('article', { name: story.title })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Login to View/ }).first()).toBeVisible();

    await page.goto(`/story/${story.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: story.title })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Start Listening/ })).toBeVisible();
    await context.close();
  });

  test('hydrate without a mismatch or a refused script, then respond to input', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    for (const path of ['/', '/help', '/faq', '/contact', '/privacy', `/story/${DEMO.open.slug}`]) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
    }
    await page.goto('/library');
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
    // Typing filters the server-rendered list: the page is live.
    const { story } = await storyBySlug(page.request, DEMO.open.slug);
    const cards = page.getByRole('region', { name: 'Stories' }).getByRole('article');
    const before = await cards.count();
    await page.getByRole('searchbox', { name: 'Search stories' }).fill(story.title);
    await expect(cards).toHaveCount(1);
    expect(before).toBeGreaterThan(1);
    expect(errors).toEqual([]);
  });

  test('a signed-in learner gets a page already signed in, without a loading screen', async ({
    page,
    browser,
  }) => {
    await signedInLearner(page);
    const errors = collectErrors(page);
    await page.goto('/library');
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
    await expect(page.getByRole('button', { name: 'Account menu' }).first()).toBeVisible();
    expect(errors).toEqual([]);

    // The same page without JavaScript: the HTML itself names the account and locks nothing.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const noScript = await context.newPage();
    await noScript.goto('/library');
    await expect(noScript.getByRole('button', { name: 'Account menu' }).first()).toBeAttached();
    await expect(noScript.getByRole('link', { name: /^Login to View/ })).toHaveCount(0);
    await context.close();
  });
});
