import { randomBytes } from 'node:crypto';
import type AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
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

/** The tag names the public side serves right now (this is a single-instance server). */
async function publicTagNames(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/api/tracking-tags');
  expect(response.status()).toBe(200);
  const { tags } = (await response.json()) as { tags: Array<{ tagName: string }> };
  return tags.map((tag) => tag.tagName);
}

/** The script-src of a public page's Content-Security-Policy. */
async function publicScriptSrc(request: APIRequestContext): Promise<string> {
  const response = await request.get('/library');
  const policy = response.headers()['content-security-policy'] ?? '';
  return policy.split('; ').find((part) => part.startsWith('script-src')) ?? '';
}

test('an admin adds a GA4 tag, edits it, deactivates it and deletes it', async ({
  page,
  makeAxeBuilder,
}) => {
  const suffix = randomBytes(3).toString('hex');
  const name = `Analytics ${suffix}`;
  const renamed = `Analytics EU ${suffix}`;
  const measurementId = `G-E2E${suffix.toUpperCase()}`;

  // Signed in through the API on the page's own context (its cookies are the page's).
  const signIn = await page.request.post('/api/auth/sign-in', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(signIn.status()).toBe(200);

  await page.goto('/admin/tags');
  await expect(page.getByRole('heading', { level: 1, name: 'Tracking Tags' })).toBeVisible();
  await expect(page).toHaveTitle('Relatos — Tracking Tags');
  await expect(page.getByText(/never run on admin pages/)).toBeVisible();

  // Add: the id input follows the type; a blank name is refused before anything is sent.
  const form = page.getByRole('form', { name: 'Add Tracking Tag' });
  await form.getByRole('combobox', { name: 'Tag Type' }).selectOption('ga4');
  await form.getByRole('button', { name: 'Add Tag' }).click();
  await expect(form.getByText('Tag name is required')).toBeVisible();
  await expect(form.getByText('GA4 measurement ID is required')).toBeVisible();

  await form.getByRole('textbox', { name: 'Tag Name' }).fill(name);
  await form.getByRole('textbox', { name: 'GA4 measurement ID' }).fill(measurementId.toLowerCase());
  await form.getByRole('button', { name: 'Add Tag' }).click();
  await expect(page.getByText('Tag created')).toBeVisible();

  const row = page.getByRole('listitem', { name });
  await expect(row).toBeVisible();
  await expect(row.getByText('Google Analytics 4')).toBeVisible();
  await expect(row.getByText(measurementId)).toBeVisible();
  await expect(row).toContainText('Position: Head');
  await expect(row.getByRole('switch', { name: `Active: ${name}` })).toBeChecked();
  await expect(form.getByRole('textbox', { name: 'Tag Name' })).toHaveValue('');
  // The public side serves it at once, and its pages admit the script.
  expect(await publicTagNames(page.request)).toContain(name);
  expect(await publicScriptSrc(page.request)).toContain('https://www.googletagmanager.com');

  // The scan covers this screen; the shared toaster is scanned once its toast has gone.
  await expect(page.getByText('Tag created')).toBeHidden();
  const axe = await makeAxeBuilder().analyze();
  expect(describeViolations(axe.violations), 'axe violations on /admin/tags').toEqual([]);

  // Edit: the form takes the tag; saving puts it back in add mode.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const editForm = page.getByRole('form', { name: 'Edit Tracking Tag' });
  const nameInput = editForm.getByRole('textbox', { name: 'Tag Name' });
  await expect(nameInput).toHaveValue(name);
  await expect(nameInput).toBeFocused();
  await nameInput.fill(renamed);
  await editForm.getByRole('combobox', { name: 'Position' }).selectOption('body');
  await editForm.getByRole('button', { name: 'Update Tag' }).click();
  await expect(page.getByText('Tag updated')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Add Tracking Tag' })).toBeVisible();
  const renamedRow = page.getByRole('listitem', { name: renamed });
  await expect(renamedRow).toContainText('Position: Body');
  expect(await publicTagNames(page.request)).toContain(renamed);

  // Deactivate: the switch saves at once; the public side stops serving it.
  const toggle = renamedRow.getByRole('switch', { name: `Active: ${renamed}` });
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();
  await expect.poll(() => publicTagNames(page.request)).not.toContain(renamed);
  await page.reload();
  await expect(
    page
      .getByRole('listitem', { name: renamed })
      .getByRole('switch', { name: `Active: ${renamed}` }),
  ).not.toBeChecked();

  // Delete: through the confirmation dialog.
  await page
    .getByRole('listitem', { name: renamed })
    .getByRole('button', { name: `Delete ${renamed}` })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this tracking tag?' });
  await expect(dialog).toContainText(renamed);
  const dialogScan = await makeAxeBuilder().include('[role="alertdialog"]').analyze();
  expect(describeViolations(dialogScan.violations), 'axe violations in the dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Delete Tag' }).click();
  await expect(page.getByText('Tag deleted')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem', { name: renamed })).toHaveCount(0);

  const list = await page.request.get('/api/admin/tracking-tags');
  const { tags } = (await list.json()) as { tags: Array<{ tagName: string }> };
  expect(tags.map((tag) => tag.tagName)).not.toContain(renamed);
});
