import { expect, test } from './support/fixtures.ts';
import {
  PASSWORD,
  signedInLearner,
  signUpAndConfirmThroughForm,
  uniqueEmail,
} from './support/accounts.ts';
import { DEMO, storyBySlug } from './support/discover.ts';

/** Issue 14: signing in or up brings the learner back to the page that sent them. */
test.describe('return after sign-in', () => {
  test('Sign In from the help page signs in and comes back to it', async ({ page }) => {
    const { email } = await signedInLearner(page);
    await page.context().clearCookies();

    await page.goto('/help');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/auth?next=%2Fhelp');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page).toHaveURL('/help');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  test("Start Listening on a locked story's page signs in and opens its first chapter", async ({
    page,
  }) => {
    const { email } = await signedInLearner(page);
    await page.context().clearCookies();
    const { story, chapters } = await storyBySlug(page.request, DEMO.faro.slug);
    const first = chapters[0]!;

    await page.goto(`/story/${story.slug}`);
    const article = page.getByRole('article', { name: story.title });
    await expect(article.getByText('Login Required', { exact: true })).toBeVisible();
    await article.getByRole('link', { name: 'Start Listening' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page).toHaveURL(`/player/${first.id}`);
    await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Audio player' })
        .getByRole('button', { name: 'Play', exact: true }),
    ).toBeVisible();
  });

  test('a hostile next goes home', async ({ page }) => {
    const { email } = await signedInLearner(page);
    await page.context().clearCookies();

    await page.goto('/auth?next=%2F%2Fevil.example%2F');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  test('Sign Up from the library: the confirmation link comes back to the library', async ({
    page,
  }) => {
    const email = uniqueEmail('returning');
    await page.goto('/library');
    await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL('/onboarding?next=%2Flibrary');
    await signUpAndConfirmThroughForm(page, email, 'Ana Vuelve');
    // Placement is offered first; skipping it goes on to the library.
    await expect(page).toHaveURL('/placement?next=%2Flibrary', { timeout: 5000 });
    await page.getByRole('link', { name: 'Skip for Now' }).click();
    await expect(page).toHaveURL('/library');
  });
});
