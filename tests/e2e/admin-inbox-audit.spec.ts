import { randomBytes } from 'node:crypto';
import type AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { E2E_ADMIN } from './support/accounts.ts';

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

const describeViolations = (violations: Violations): string[] =>
  violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} [${violation.impact ?? 'n/a'}] ${violation.help} — ${node.target.join(' ')}: ${node.failureSummary ?? ''}`,
    ),
  );

async function scan(page: Page, makeAxeBuilder: () => AxeBuilder, name: string) {
  const { violations } = await makeAxeBuilder().analyze();
  expect(describeViolations(violations), `axe violations on ${name}`).toEqual([]);
}

/** Nothing sticks out sideways: the page fits the window it is shown in. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function signInAsAdmin(page: Page) {
  const signIn = await page.request.post('/api/auth/sign-in', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(signIn.status()).toBe(200);
}

/** The audit log's entries (not the lists of details inside them, nor the toasts). */
const entriesOf = (page: Page) =>
  page.getByRole('list', { name: 'Audit log entries' }).locator(':scope > li');

/** Today in the browser's calendar, as a date input holds it. */
const today = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });

test('a visitor writes; the admin follows the dashboard count to the inbox, reads, replies and marks it handled', async ({
  page,
  browser,
  baseURL,
  makeAxeBuilder,
}, testInfo) => {
  const suffix = randomBytes(3).toString('hex');
  // Characters a mailto: link must encode (the contact form's sanitiser keeps them all).
  const subject = `Q&A #${suffix}: 50% "off"? body=1`;
  const text = `Hola,\n\nThe story "El mercado" stops at 2:10 & won't resume.\n  — Carmen ${suffix}`;

  // A visitor sends a message with the contact form.
  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/contact');
  // This page is not the fixture's: wait for the app itself, as the fixture's goto does.
  await visitorPage.waitForSelector('html[data-app-ready="true"]', { state: 'attached' });
  const form = visitorPage.getByRole('main').locator('form');
  await form.getByLabel('Name', { exact: true }).fill(`Carmen ${suffix}`);
  await form.getByLabel('Email', { exact: true }).fill(`carmen.${suffix}@example.com`);
  await form.getByLabel('Category', { exact: true }).selectOption({ label: 'Technical Issue' });
  await form.getByLabel('Subject', { exact: true }).fill(subject);
  await form.getByLabel('Message', { exact: true }).fill(text);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(visitorPage.getByText('Message sent!', { exact: true })).toBeVisible();
  await visitor.close();

  // The admin's dashboard: the open messages lead to the inbox, filtered to them.
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin');
  await expect(page.getByRole('link', { name: /^\d+ open messages?$/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('dashboard-desktop.png') });
  await page.getByRole('link', { name: /^\d+ open messages?$/ }).click();
  await expect(page).toHaveURL(/\/admin\/inbox\?status=open$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(page).toHaveTitle('Relatos — Inbox');
  const status = page.getByRole('group', { name: 'Status' });
  await expect(status.getByRole('button', { name: /^Open \(\d+\)$/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The message is listed with its category, subject (as written), sender and date.
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: subject }) });
  await expect(row).toContainText('Technical Issue');
  await expect(row).toContainText(`Carmen ${suffix} <carmen.${suffix}@example.com>`);
  await expect(row).toContainText('Open');
  await scan(page, makeAxeBuilder, '/admin/inbox');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('inbox-desktop.png'), fullPage: true });

  // Filter by category: only technical messages; another category does not list it.
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Billing/Payments' });
  await expect(page).toHaveURL(/category=billing/);
  await expect(page.getByRole('link', { name: subject })).toHaveCount(0);
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Technical Issue' });
  await expect(page.getByRole('link', { name: subject })).toBeVisible();

  // Read it: exactly as written, with a reply link whose subject is encoded.
  await page.getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  const body = page.getByRole('article').locator('p.whitespace-pre-wrap');
  expect(await body.textContent()).toBe(text);
  const reply = page.getByRole('link', { name: 'Reply by email' });
  const href = (await reply.getAttribute('href'))!;
  expect(href.startsWith(`mailto:carmen.${suffix}@example.com?subject=`)).toBe(true);
  expect(new URL(href).searchParams.get('subject')).toBe(`Re: ${subject}`);
  expect([...new URL(href).searchParams.keys()]).toEqual(['subject']);
  await scan(page, makeAxeBuilder, '/admin/inbox/:id');
  await page.screenshot({ path: testInfo.outputPath('message-desktop.png'), fullPage: true });

  // Mark it handled: the page says by whom; the open list no longer has it.
  await page.getByRole('button', { name: 'Mark as handled' }).click();
  await expect(page.getByText('Marked as handled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Re-open' })).toBeVisible();
  await expect(page.getByText(`by ${E2E_ADMIN.email}`)).toBeVisible();

  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('message-phone.png'), fullPage: true });

  // Back to the list it came from (technical, open): the message has left it.
  await page.getByRole('link', { name: 'Back to inbox' }).click();
  await expect(page).toHaveURL(/status=open&category=technical/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(page.getByRole('link', { name: subject })).toHaveCount(0);
  await status.getByRole('button', { name: /^Handled/ }).click();
  const handledRow = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: subject }) });
  await expect(handledRow).toContainText('Handled');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('inbox-phone.png'), fullPage: true });

  // Re-open it from the phone.
  await page.getByRole('link', { name: subject }).click();
  await page.getByRole('button', { name: 'Re-open' }).click();
  await expect(page.getByRole('button', { name: 'Mark as handled' })).toBeVisible();

  // The audit log names who marked it, and that it was re-opened.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin/audit');
  await page
    .getByLabel('Event type', { exact: true })
    .selectOption({ label: 'Contact message marked handled' });
  await page.getByLabel('User email', { exact: true }).fill(E2E_ADMIN.email);
  const handledEntry = entriesOf(page)
    .filter({ hasText: `Subject: ${subject}` })
    .filter({ hasText: 'Contact message marked handled' });
  await expect(handledEntry).toHaveCount(1);
  await expect(handledEntry).toContainText(E2E_ADMIN.email);
  await page
    .getByLabel('Event type', { exact: true })
    .selectOption({ label: 'Contact message reopened' });
  // The list changes when the new filter's answer arrives: wait for exactly the reopened entry.
  const ours = entriesOf(page).filter({ hasText: `Subject: ${subject}` });
  await expect(ours).toHaveCount(1);
  await expect(ours).toContainText('Contact message reopened');
});

test('an admin changes a tracking tag and finds it in the audit log by its filters', async ({
  page,
  makeAxeBuilder,
}, testInfo) => {
  const suffix = randomBytes(3).toString('hex');
  const name = `Audit trail ${suffix}`;
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The change, made on its own screen.
  await page.goto('/admin/tags');
  const form = page.getByRole('form', { name: 'Add Tracking Tag' });
  await form.getByRole('combobox', { name: 'Tag Type' }).selectOption('ga4');
  await form.getByRole('textbox', { name: 'Tag Name' }).fill(name);
  await form
    .getByRole('textbox', { name: 'GA4 measurement ID' })
    .fill(`G-AUD${suffix.toUpperCase()}`);
  await form.getByRole('button', { name: 'Add Tag' }).click();
  await expect(page.getByText('Tag created')).toBeVisible();

  // The audit log, through the sidebar.
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Audit Log' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  await expect(page).toHaveTitle('Relatos — Audit Log');

  // Filters: the event type, the admin's address, today.
  await page
    .getByLabel('Event type', { exact: true })
    .selectOption({ label: 'Tracking tag created' });
  await expect(page).toHaveURL(/action=tracking_tag_created/);
  await page.getByLabel('User email', { exact: true }).fill(E2E_ADMIN.email.slice(0, 8));
  await expect(page).toHaveURL(/user=admin%40r/);
  const day = await today(page);
  await page.getByLabel('From', { exact: true }).fill(day);
  await page.getByLabel('To', { exact: true }).fill(day);
  await expect(page).toHaveURL(new RegExp(`from=${day}&to=${day}`));

  // The log's entries (each holds a list of its details too).
  const entry = entriesOf(page).filter({ hasText: `Tag name: ${name}` });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Tracking tag created');
  await expect(entry).toContainText(E2E_ADMIN.email);
  await expect(entry).toContainText('Tag type: ga4');
  await expect(entry).toContainText('Is active: yes');
  // Every listed entry is of the chosen type.
  const entries = entriesOf(page);
  const listed = await entries.count();
  expect(listed).toBeGreaterThan(0);
  await expect(entries.filter({ hasText: 'Tracking tag created' })).toHaveCount(listed);

  await scan(page, makeAxeBuilder, '/admin/audit');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('audit-desktop.png'), fullPage: true });

  // A range ending before it starts is refused on the page.
  const yesterday = new Date(Date.parse(`${day}T12:00:00`) - 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  await page
    .getByLabel('To', { exact: true })
    .fill(
      `${yesterday.getFullYear()}-${pad(yesterday.getMonth() + 1)}-${pad(yesterday.getDate())}`,
    );
  await expect(page.getByRole('alert')).toHaveText('The end date cannot be before the start date.');
  await expect(entry).toHaveCount(0);

  // Another day: not there. Cleared filters: the newest entries of every kind, the tag's among them.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByLabel('Event type', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('User email', { exact: true })).toHaveValue('');
  await expect(entriesOf(page).first()).toBeVisible();

  await page.setViewportSize({ width: 375, height: 812 });
  await page
    .getByLabel('Event type', { exact: true })
    .selectOption({ label: 'Tracking tag created' });
  await expect(entry).toBeVisible();
  await expectNoSidewaysScroll(page);
  await scan(page, makeAxeBuilder, '/admin/audit (phone)');
  await page.screenshot({ path: testInfo.outputPath('audit-phone.png'), fullPage: true });
});
