import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { E2E_ADMIN, signedInLearner } from './support/accounts.ts';

/**
 * The admin Supporters and System Settings screens, end to end: a sandbox payment shows up on
 * the Supporters screen; the logo, the health check and Clear Cache work. (The first tier's amount
 * changed in the settings is in support.spec.ts, which owns the support settings every journey
 * of the run shares.) The journeys of this file run one after another.
 */
test.describe.configure({ mode: 'serial' });

async function signInAsAdmin(page: Page) {
  const res = await page.request.post('/api/auth/sign-in', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(res.status()).toBe(200);
}

/** A learner of their own browser context pays the Story Pack in the sandbox checkout. */
async function sandboxSupporter(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    const { email } = await signedInLearner(page);
    const created = await page.request.post('/api/payments/donations', {
      data: { tier: 'story_pack' },
    });
    expect(created.status()).toBe(201);
    const { url } = (await created.json()) as { url: string };
    await page.goto(url);
    await page.getByRole('button', { name: 'Confirm test payment' }).click();
    await page.waitForURL(/\/support-success\?/);
    await expect(page.getByText('Lifetime Access Granted!')).toBeVisible();
    return email;
  } finally {
    await context.close();
  }
}

const todayInBrowser = (page: Page) =>
  page.evaluate(() =>
    new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(
      new Date(),
    ),
  );

test.describe('admin supporters and system settings', () => {
  test('a sandbox payment shows on the Supporters screen', async ({
    page,
    browser,
    baseURL,
    makeAxeBuilder,
  }) => {
    const email = await sandboxSupporter(browser, baseURL!);
    await signInAsAdmin(page);
    await page.goto('/admin/supporters');
    await expect(page.getByRole('heading', { level: 1, name: 'Supporters' })).toBeVisible();
    await expect(page).toHaveTitle('Relatos — Supporters');

    const stat = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=../dd');
    await expect(stat('Total Supporters')).toHaveText(/^[1-9]\d*$/);
    await expect(stat('Total Revenue')).toContainText('$');
    await expect(stat('Latest Support')).toHaveText(await todayInBrowser(page));

    const supporters = page.getByRole('region', { name: 'Lifetime Supporters' });
    const supporterRow = supporters.getByRole('row').filter({ hasText: email });
    await expect(supporterRow).toContainText('Lena Listener');
    await expect(supporterRow).toContainText('lifetime');
    await expect(supporterRow).toContainText(await todayInBrowser(page));

    const history = page.getByRole('region', { name: 'Payment History' });
    const paymentRow = history.getByRole('row').filter({ hasText: email });
    await expect(paymentRow).toContainText('$15.00');
    await expect(paymentRow).toContainText('usd');
    await expect(paymentRow).toContainText('Story Pack');

    // The figures agree with the server's.
    const figures = (await (await page.request.get('/api/admin/supporters')).json()) as {
      stats: { totalSupporters: number; totalRevenue: { currency: string; amount: number }[] };
    };
    expect(
      figures.stats.totalRevenue.find((entry) => entry.currency === 'usd')!.amount,
    ).toBeGreaterThanOrEqual(1500);

    const scan = await makeAxeBuilder().analyze();
    expect(scan.violations).toEqual([]);
  });

  test('the logo, the health check and Clear Cache', async ({ page }) => {
    await signInAsAdmin(page);
    const stories = (await (await page.request.get('/api/stories')).json()) as {
      stories: { imageUrl: string | null }[];
    };
    const cover = stories.stories.find((story) =>
      story.imageUrl?.startsWith('/api/files/'),
    )!.imageUrl!;

    await page.goto('/admin/settings');
    const branding = page.getByRole('region', { name: 'Logo & Branding' });
    const logoUrl = branding.getByLabel('Logo URL');
    await logoUrl.fill('http://example.com/logo.png');
    await branding.getByRole('button', { name: 'Update Logo' }).click();
    await expect(
      branding.getByText('Logo URL must be an https:// address or a path under /api/files/'),
    ).toBeVisible();

    await logoUrl.fill(cover);
    await branding.getByLabel('Alt text').fill('Relatos');
    await branding.getByRole('button', { name: 'Update Logo' }).click();
    await expect(page.getByText('Logo updated')).toBeVisible();
    await expect(branding.getByRole('img', { name: 'Relatos' })).toHaveAttribute('src', cover);
    const headerLogo = page.getByRole('link', { name: 'Relatos home' }).locator('img');
    // The header changes at once, and keeps the logo after a reload (read from the server).
    await expect(headerLogo).toHaveAttribute('src', cover);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Relatos home' }).locator('img')).toHaveAttribute(
      'src',
      cover,
    );

    const actions = page.getByRole('region', { name: 'System Actions' });
    await actions.getByRole('button', { name: 'System Health Check' }).click();
    await expect(page.getByText('System Healthy')).toBeVisible();
    const results = actions.getByRole('status', { name: 'Health check results' });
    await expect(results).toContainText(`Authentication OK — Signed in as ${E2E_ADMIN.email}`);
    await expect(results).toContainText('Database OK — Database is reachable');
    await expect(results).toContainText('Storage OK — Storage is reachable');

    // Clear Cache reloads the page after 1.5 s and the administrator stays signed in.
    const reloaded = page.waitForEvent('load');
    await actions.getByRole('button', { name: 'Clear Cache' }).click();
    await expect(actions.getByText('Cache cleared. Reloading...')).toBeVisible();
    await reloaded;
    await expect(page).toHaveURL('/admin/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  });

  test('the System Settings screen passes an accessibility scan', async ({
    page,
    makeAxeBuilder,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/settings');
    await expect(page.getByRole('switch', { name: 'Stripe (card payments)' })).toBeChecked();
    await expect(page.getByLabel('Platform name')).toHaveValue('Relatos');
    await expect(page.getByLabel('Logo URL')).toBeVisible();
    const scan = await makeAxeBuilder().analyze();
    expect(scan.violations).toEqual([]);
  });
});
