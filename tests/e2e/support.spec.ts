import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { E2E_ADMIN, signedInLearner } from './support/accounts.ts';

/**
 * Support payments, end to end. The test server enables the card service without Stripe
 * (start-server.ts), so checkout is the built-in sandbox page. One test switches support off for
 * everyone, so the journeys of this file run one after another.
 */
test.describe.configure({ mode: 'serial' });

/** Runs `work` with the administrator signed in, in a browser context of its own. */
async function asAdmin<T>(
  browser: Browser,
  baseURL: string,
  work: (request: APIRequestContext) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({ baseURL });
  try {
    const signIn = await context.request.post('/api/auth/sign-in', {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    expect(signIn.status()).toBe(200);
    return await work(context.request);
  } finally {
    await context.close();
  }
}

/**
 * Opens the home page and scrolls to its end: the support section (at the bottom) loads only
 * when it comes near the viewport.
 */
async function openHomeSupport(page: Page) {
  await page.goto('/');
  // The slot exists once the home page has rendered; scrolling to it (not to a footer that may
  // still sit right below the hero) is what makes the section load.
  await page.getByTestId('support-slot').scrollIntoViewIfNeeded();
}

test.describe('support payments', () => {
  test('a signed-in learner picks a tier, pays in the sandbox checkout and becomes a lifetime supporter', async ({
    page,
  }) => {
    await signedInLearner(page);
    // Hold the donation call until the processing state has been seen (no clock: a busy
    // machine may take longer than any fixed pause to render it).
    let release: () => void = () => {};
    const seen = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/payments/donations', async (route) => {
      await seen;
      await route.continue();
    });

    await openHomeSupport(page);
    const section = page.getByRole('region', { name: 'Support Relatos' });
    await expect(section).toBeVisible();
    await expect(section.getByRole('button', { name: /\$15\s*Story Pack/ })).toBeVisible();
    await expect(section.getByRole('button', { name: /\$25\s*Champion/ })).toBeVisible();

    const newTab = page.context().waitForEvent('page');
    await section.getByRole('button', { name: /\$7\s*Story Support/ }).click();
    await expect(page.getByText('Processing your support...')).toBeVisible();
    release();
    const checkout = await newTab;
    await checkout.waitForURL(/\/api\/payments\/sandbox\/cs_sandbox_/);
    await expect(checkout.getByText('Test payment — no money moves')).toBeVisible();
    await expect(checkout.getByText('$7.00')).toBeVisible();
    await expect(page.getByText('Processing your support...')).toBeHidden();

    await checkout.getByRole('button', { name: 'Confirm test payment' }).click();
    await checkout.waitForURL(/\/support-success\?amount=7&session_id=cs_sandbox_/);
    await expect(checkout.getByText('Lifetime Access Granted!')).toBeVisible();
    await expect(
      checkout.getByRole('heading', { name: 'Thank You for Your Support!' }),
    ).toBeVisible();

    await checkout.getByRole('link', { name: 'View Your Profile' }).click();
    await expect(checkout).toHaveURL('/profile');
    await expect(checkout.getByText('Lifetime Supporter', { exact: true })).toBeVisible();

    // Coming back to the success page later verifies again but does not celebrate twice.
    await checkout.goBack();
    await checkout.reload();
    await expect(
      checkout.getByRole('heading', { name: 'Thank You for Your Support!' }),
    ).toBeVisible();
    await expect(checkout.getByText('Lifetime Access Granted!')).toHaveCount(0);
  });

  test('cancelling the sandbox checkout goes back home and grants nothing', async ({ page }) => {
    await signedInLearner(page);
    await openHomeSupport(page);
    const newTab = page.context().waitForEvent('page');
    await page.getByRole('button', { name: /\$25\s*Champion/ }).click();
    const checkout = await newTab;
    await checkout.waitForURL(/\/api\/payments\/sandbox\//);
    await checkout.getByRole('button', { name: 'Cancel' }).click();
    await checkout.waitForURL((url) => url.pathname === '/');
    const membership = await page.request.get('/api/me/membership');
    expect((await membership.json()).membership.hasLifetimeAccess).toBe(false);
  });

  test('a custom amount below 1 keeps its button disabled', async ({ page }) => {
    await signedInLearner(page);
    await openHomeSupport(page);
    const section = page.getByRole('region', { name: 'Support Relatos' });
    const amount = section.getByLabel('Custom amount (USD)');
    const support = section.getByRole('button', { name: 'Support', exact: true });
    await expect(amount).toHaveAttribute('min', '1');
    await expect(amount).toHaveAttribute('step', '1');
    await expect(support).toBeDisabled();
    for (const value of ['0', '-3', '0.5']) {
      await amount.fill(value);
      await expect(support).toBeDisabled();
    }
    await amount.fill('12');
    await expect(support).toBeEnabled();
    await amount.fill('');
    await expect(support).toBeDisabled();
  });

  test('a visitor is invited to join first', async ({ page }) => {
    await openHomeSupport(page);
    const section = page.getByRole('region', { name: 'Join to Support Us' });
    await expect(section).toBeVisible();
    await expect(section.getByRole('button', { name: /Story Support/ })).toHaveCount(0);
    await section.getByRole('link', { name: 'Create Account & Support' }).click();
    await expect(page).toHaveURL('/onboarding');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  });

  test('the section disappears when support is disabled in the settings', async ({
    page,
    browser,
    baseURL,
  }) => {
    const setSupport = (value: 'true' | 'false') =>
      asAdmin(browser, baseURL!, async (request) => {
        const res = await request.patch('/api/admin/support-settings', {
          data: { support_enabled: value },
        });
        expect(res.status()).toBe(200);
      });

    await openHomeSupport(page);
    await expect(page.getByRole('heading', { name: 'Join to Support Us' })).toBeVisible();
    try {
      await setSupport('false');
      const status = page.waitForResponse('**/api/support/status');
      await openHomeSupport(page);
      expect(((await (await status).json()) as { enabled: boolean }).enabled).toBe(false);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Join to Support Us' })).toHaveCount(0);
    } finally {
      await setSupport('true');
    }
    await openHomeSupport(page);
    await expect(page.getByRole('heading', { name: 'Join to Support Us' })).toBeVisible();
  });

  test('the support section and the success page pass an accessibility scan', async ({
    page,
    makeAxeBuilder,
  }) => {
    await signedInLearner(page);
    await openHomeSupport(page);
    await expect(page.getByRole('region', { name: 'Support Relatos' })).toBeVisible();
    const home = await makeAxeBuilder()
      .include('section[aria-labelledby="support-title"]')
      .analyze();
    expect(home.violations).toEqual([]);

    await page.goto('/support-success?amount=7&session_id=cs_sandbox_unknown');
    await expect(page.getByRole('heading', { name: 'Payment Not Found' })).toBeVisible();
    const success = await makeAxeBuilder().analyze();
    expect(success.violations).toEqual([]);
  });

  test("the first tier's amount changed in the settings shows on the home page", async ({
    page,
  }) => {
    const signIn = await page.request.post('/api/auth/sign-in', {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    expect(signIn.status()).toBe(200);
    try {
      await page.goto('/admin/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
      const support = page.getByRole('region', { name: 'Support Settings' });
      const amount = support.getByLabel('First tier amount (USD)');
      await expect(amount).toHaveValue('7');
      await expect(amount).toHaveAttribute('min', '1');
      await expect(amount).toHaveAttribute('max', '1000');
      await expect(amount).toHaveAttribute('step', '1');

      await amount.fill('1001');
      await support.getByRole('button', { name: 'Save Support Settings' }).click();
      await expect(support.getByText('Enter a whole number from 1 to 1000')).toBeVisible();

      await amount.fill('11');
      await support.getByRole('button', { name: 'Save Support Settings' }).click();
      await expect(page.getByText('Settings saved')).toBeVisible();

      await openHomeSupport(page);
      const section = page.getByRole('region', { name: 'Support Relatos' });
      await expect(section.getByRole('button', { name: /\$11\s*Story Support/ })).toBeVisible();
      await expect(section.getByRole('button', { name: /\$7\s*Story Support/ })).toHaveCount(0);
    } finally {
      const res = await page.request.patch('/api/admin/support-settings', {
        data: { support_tier_1_amount: 7 },
      });
      expect(res.status()).toBe(200);
    }
  });
});
