import { randomBytes } from 'node:crypto';
import type AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import {
  E2E_ADMIN,
  PASSWORD,
  linkIn,
  signInThroughForm,
  uniqueEmail,
  waitForMail,
} from './support/accounts.ts';

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

const describeViolations = (violations: Violations): string[] =>
  violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} [${violation.impact ?? 'n/a'}] ${violation.help} — ${node.target.join(' ')}`,
    ),
  );

/** A confirmed learner created through the API, signed in on `request` (its own context). */
async function createLearner(request: APIRequestContext) {
  const email = uniqueEmail('roles');
  const fullName = `Rita Roles ${randomBytes(3).toString('hex')}`;
  const signUp = await request.post('/api/auth/sign-up', {
    data: { email, password: PASSWORD, fullName },
  });
  expect(signUp.status()).toBe(201);
  const mail = await waitForMail(request, email, /Confirm/);
  const token = new URL(`http://x${linkIn(mail, '/email-confirmation')}`).searchParams.get('token');
  const confirmed = await request.post('/api/auth/confirm-email', { data: { token } });
  expect(confirmed.status()).toBe(200);
  return { email, fullName };
}

/** The learner's own view of the admin API: 200 once an admin, 403 otherwise. */
const dashboardStatus = async (request: APIRequestContext) =>
  (await request.get('/api/admin/dashboard')).status();

const rowOf = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
/** The role badge of a row (user, admin or moderator). */
const badgeOf = (page: Page, name: string) => rowOf(page, name).locator('[data-role]');

test('an admin finds a learner, grants admin through the confirm dialog, then removes it', async ({
  page,
  browser,
  baseURL,
  makeAxeBuilder,
}) => {
  const learnerContext = await browser.newContext({ baseURL });
  try {
    const learner = await createLearner(learnerContext.request);
    expect(await dashboardStatus(learnerContext.request)).toBe(403);

    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL('/');
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    await expect(page.getByText(/^\d+ users?$|^Showing \d+ of \d+ users$/)).toBeVisible();
    await expect(page).toHaveTitle('Relatos — User Management');

    const axe = await makeAxeBuilder().analyze();
    expect(describeViolations(axe.violations), 'axe violations on /admin/users').toEqual([]);

    // Search by part of the e-mail, in capitals: the server matches without case.
    await page
      .getByRole('searchbox', { name: 'Search users' })
      .fill(learner.email.split('@')[0]!.toUpperCase());
    await expect(page.getByText('1 user', { exact: true })).toBeVisible();
    const row = rowOf(page, learner.fullName);
    await expect(row).toBeVisible();
    await expect(row.getByText(learner.email)).toBeVisible();
    await expect(badgeOf(page, learner.fullName)).toHaveText('User');

    const roleSelect = row.getByRole('combobox', { name: `Role of ${learner.fullName}` });
    await roleSelect.selectOption('admin');
    const grant = page.getByRole('alertdialog', { name: 'Grant admin role?' });
    await expect(grant).toBeVisible();
    await expect(grant).toContainText(learner.email);

    const dialogAxe = await makeAxeBuilder().analyze();
    expect(describeViolations(dialogAxe.violations), 'axe violations in the dialog').toEqual([]);

    await grant.getByRole('button', { name: 'Grant Admin' }).click();
    await expect(page.getByText('Role updated')).toBeVisible();
    await expect(grant).toBeHidden();
    await expect(badgeOf(page, learner.fullName)).toHaveText('Admin');
    await expect(roleSelect).toHaveValue('admin');
    expect(await dashboardStatus(learnerContext.request)).toBe(200);

    // The new role is what the server now says, not just what the page shows.
    await page.goto('/admin/users');
    await page
      .getByRole('searchbox', { name: 'Search users' })
      .fill(learner.fullName.toLowerCase());
    await expect(badgeOf(page, learner.fullName)).toHaveText('Admin');

    await rowOf(page, learner.fullName)
      .getByRole('combobox', { name: `Role of ${learner.fullName}` })
      .selectOption('user');
    const remove = page.getByRole('alertdialog', { name: 'Remove admin role?' });
    await remove.getByRole('button', { name: 'Remove Admin' }).click();
    await expect(remove).toBeHidden();
    await expect(badgeOf(page, learner.fullName)).toHaveText('User');
    expect(await dashboardStatus(learnerContext.request)).toBe(403);

    // A search that matches nobody says so.
    await page.getByRole('searchbox', { name: 'Search users' }).fill(`nobody-${learner.email}`);
    await expect(page.getByRole('heading', { name: 'No users found' })).toBeVisible();
  } finally {
    await learnerContext.close();
  }
});
