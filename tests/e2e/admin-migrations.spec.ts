import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './support/accounts.ts';
import { axeScanOf, expect, test } from './support/fixtures.ts';
import { waitForToastsToClear } from './support/toasts.ts';

async function signInAsAdmin(page: Page) {
  const response = await page.request.post('/api/auth/sign-in', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.status()).toBe(200);
}

/**
 * Scans the page once the toasts have gone: sonner fades stacked toasts, and a toast caught half
 * transparent fails the contrast rule although it is readable once it settles.
 */
async function scanWhenSettled(page: Page, makeAxeBuilder: () => AxeBuilder) {
  await waitForToastsToClear(page);
  expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
}

const DANGEROUS = 'DROP TABLE stories CASCADE;\nDROP DATABASE relatos;';
const SAFE = 'BEGIN;\nALTER TABLE public.stories ADD COLUMN subtitle varchar(255);\nCOMMIT;';

test('an administrator checks safety, dry-runs SQL in test mode and tracks a migration', async ({
  page,
  browser,
  makeAxeBuilder,
}) => {
  test.setTimeout(60_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAsAdmin(page);
  await page.goto('/admin/migrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Database Migrations' })).toBeVisible();
  await expect(page.getByText('Monitor and manage database migrations safely')).toBeVisible();

  // The guide opens a section on demand.
  const guide = page.getByRole('region', { name: 'Migration Safety Guide' });
  await guide.getByRole('button', { name: 'Pre-Migration Checklist' }).click();
  await expect(guide.getByText(/Prepare rollback SQL/)).toBeVisible();

  expect((await makeAxeBuilder().analyze()).violations).toEqual([]);

  // Safety checks against the running server.
  const checks = page.getByRole('region', { name: 'Migration Safety Checks' });
  await checks.getByRole('button', { name: 'Run Safety Checks' }).click();
  await expect(checks.getByRole('heading', { name: 'System Safe for Migration' })).toBeVisible();
  await expect(
    checks.getByText('All safety checks passed. System is ready for migrations.'),
  ).toBeVisible();
  await expect(checks.getByTestId('safety-check')).toHaveCount(4);
  await expect(checks.getByRole('img', { name: 'Passed' })).toHaveCount(4);
  await expect(checks.getByText(/^Last checked:/)).toBeVisible();

  // Test mode on: operations are logged.
  const testMode = page.getByRole('region', { name: 'Test Mode and Dry-Run' });
  await expect(testMode.getByText('Test Mode Inactive')).toBeVisible();
  await testMode.getByRole('button', { name: 'Enable' }).click();
  await expect(testMode.getByText('Test Mode Active')).toBeVisible();
  await expect(page.getByText('Test Mode Enabled')).toBeVisible();

  const runDryRun = testMode.getByRole('button', { name: 'Run Dry-Run' });
  await expect(runDryRun).toBeDisabled();
  const sql = testMode.getByLabel('Migration SQL');

  // A dangerous migration.
  await sql.fill(DANGEROUS);
  await runDryRun.click();
  const results = testMode.getByTestId('dry-run-results');
  await expect(results.getByRole('heading', { name: 'Issues Detected' })).toBeVisible();
  await expect(results.getByText('DROP DATABASE detected - extremely dangerous')).toBeVisible();
  await expect(
    results.getByText('DROP TABLE CASCADE detected - may affect dependent objects'),
  ).toBeVisible();
  await expect(results.getByRole('list', { name: 'Affected tables' })).toHaveText('stories');
  await expect(page.getByText('Please review warnings and errors before proceeding')).toBeVisible();

  // The stories table is still there: the dry-run executes nothing.
  const stories = await page.request.get('/api/stories');
  expect(stories.status()).toBe(200);

  // A safe one.
  await testMode.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(sql).toHaveValue('');
  await sql.fill(SAFE);
  await runDryRun.click();
  await expect(results.getByRole('heading', { name: 'Analysis Passed' })).toBeVisible();
  await expect(results.getByRole('list', { name: 'Affected tables' })).toHaveText('stories');
  await expect(page.getByText('Migration appears safe to execute')).toBeVisible();

  const log = testMode.getByRole('region', { name: 'Test Operations Log' });
  await expect(log.getByTestId('test-operation')).toHaveCount(2);
  await expect(log.getByTestId('test-operation').first()).toContainText('Dry-run passed');
  await expect(log.getByTestId('test-operation').nth(1)).toContainText('Dry-run found issues');
  const logBox = await log.boundingBox();
  expect(logBox?.height).toBe(200);

  await scanWhenSettled(page, makeAxeBuilder);

  await testMode.getByRole('button', { name: 'Clear Log' }).click();
  await expect(log.getByText('No test operations recorded yet.')).toBeVisible();
  await testMode.getByRole('button', { name: 'Disable' }).click();
  await expect(testMode.getByText('Test Mode Inactive')).toBeVisible();

  // The tracker: what the server applied, every file of the journal, as written.
  const history = page.getByRole('region', { name: 'Migration History' });
  const applied = history.getByRole('list', { name: 'Applied migrations' });
  const journal = JSON.parse(
    await fs.readFile(
      path.join(
        path.dirname(fileURLToPath(import.meta.url)),
        '../../src/server/db/migrations/meta/_journal.json',
      ),
      'utf8',
    ),
  ) as { entries: Array<{ tag: string }> };
  await expect(applied.getByTestId('applied-migration')).toHaveCount(journal.entries.length);
  for (const [index, entry] of journal.entries.entries()) {
    await expect(applied.getByTestId('applied-migration').nth(index)).toContainText(entry.tag);
  }
  await expect(applied.getByText('Applied', { exact: true })).toHaveCount(journal.entries.length);

  // Record, export, roll back.
  const name = `0004_add_subtitle_${randomBytes(3).toString('hex')}`;
  await history.getByLabel('Name').fill(name);
  await history.getByLabel('Description').fill('Adds stories.subtitle');
  await history
    .getByLabel('Rollback SQL')
    .fill('BEGIN;\nALTER TABLE stories DROP COLUMN subtitle;\nCOMMIT;');
  await history.getByRole('button', { name: 'Record Migration' }).click();
  await expect(history.getByTestId('migration-record')).toContainText(name);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    history.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^migration-history-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await fs.readFile(await download.path(), 'utf8')) as Array<{
    name: string;
    canRollback: boolean;
  }>;
  expect(exported).toEqual([expect.objectContaining({ name, canRollback: true })]);
  await expect(page.getByText('Exported', { exact: true })).toBeVisible();

  // The history lives in the database: another browser, signed in as an administrator, sees it
  // after a reload, and nothing of it is in this browser's storage.
  expect(await page.evaluate(() => localStorage.getItem('relatos.migrations.history'))).toBeNull();
  const elsewhere = await browser.newContext();
  const otherPage = await elsewhere.newPage();
  await signInAsAdmin(otherPage);
  await otherPage.goto('/admin/migrations');
  await otherPage.reload();
  const otherHistory = otherPage.getByRole('region', { name: 'Migration History' });
  await expect(otherHistory.getByTestId('migration-record')).toContainText(name);
  await expect(otherHistory.getByTestId('migration-record')).toContainText(
    `recorded by ${E2E_ADMIN.email}`,
  );
  await scanWhenSettled(otherPage, () => axeScanOf(otherPage));
  await elsewhere.close();

  // The last safety report is this browser session's, and survives a reload.
  await page.reload();
  await expect(history.getByTestId('migration-record')).toContainText(name);
  await expect(checks.getByRole('heading', { name: 'System Safe for Migration' })).toBeVisible();

  await history.getByRole('button', { name: `View Rollback for ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Rollback: ${name}` });
  await expect(dialog.getByLabel('Rollback SQL')).toContainText(
    'ALTER TABLE stories DROP COLUMN subtitle;',
  );
  expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
    'ALTER TABLE stories DROP COLUMN subtitle;',
  );
  await dialog.getByRole('button', { name: 'Mark as rolled back' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Migration Rolled Back')).toBeVisible();
  await expect(history.getByText('No migrations recorded yet.')).toBeVisible();
});
