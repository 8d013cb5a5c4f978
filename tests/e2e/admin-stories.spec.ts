import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AdminStory, StoryInput } from '#shared/contracts/admin-stories';
import { expect, test } from './support/fixtures.ts';
import { E2E_ADMIN } from './support/accounts.ts';

/**
 * Content management, Stories tab: the administrator works on two drafts of their own (other
 * journeys run in parallel on the demo library, which this one leaves alone).
 */

async function signInAsAdmin(page: Page) {
  const response = await page.request.post('/api/auth/sign-in', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.status()).toBe(200);
}

async function createDraft(request: APIRequestContext, input: StoryInput): Promise<AdminStory> {
  const response = await request.post('/api/admin/stories', { data: input });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { story: AdminStory }).story;
}

/** The number shown under a dashboard counter. */
async function counter(page: Page, label: string): Promise<number> {
  const text = page.locator('dt', { hasText: label }).locator('xpath=..').locator('dd');
  return Number.parseInt((await text.textContent()) ?? '', 10);
}

test('an administrator publishes, reorders and deletes stories from the dashboard', async ({
  page,
  browser,
  baseURL,
  makeAxeBuilder,
}) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  const tag = randomBytes(3).toString('hex');
  const base = 2000 + Math.floor(Math.random() * 5000);
  const alpha = await createDraft(page.request, {
    title: `Alfa ${tag}`,
    description: `Una historia de prueba ${tag}`,
    level: 'Beginner',
    position: base,
    chapters: [{ title: 'Uno' }],
  });
  const beta = await createDraft(page.request, {
    title: `Beta ${tag}`,
    level: 'Advanced',
    position: base + 1,
  });

  try {
    await page.goto('/admin/content');
    await expect(page.getByRole('heading', { level: 1, name: 'Content Management' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Stories' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const table = page.getByRole('table', { name: /Stories, by position/ });
    await expect(table).toBeVisible();

    // Counters: the four demo stories (published) and at least our two drafts.
    const total = await counter(page, 'Total Stories');
    expect(total).toBeGreaterThanOrEqual(6);
    expect((await counter(page, 'Published')) + (await counter(page, 'Drafts'))).toBe(total);
    expect(await counter(page, 'Drafts')).toBeGreaterThanOrEqual(2);

    const axe = await makeAxeBuilder().analyze();
    expect(axe.violations).toEqual([]);

    // Search narrows the table to our two drafts, in position order.
    await page.getByRole('searchbox', { name: 'Search stories' }).fill(tag);
    const rows = table.getByRole('rowheader');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(alpha.title);
    await expect(rows.nth(1)).toContainText(beta.title);
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Published' });
    await expect(page.getByText('No stories found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filter criteria')).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'All Status' });
    await page.getByRole('combobox', { name: 'Level' }).selectOption({ label: 'Advanced' });
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText(beta.title);
    await page.getByRole('combobox', { name: 'Level' }).selectOption({ label: 'All Levels' });
    await expect(rows).toHaveCount(2);

    // Publish the first draft: it shows in the public library at once.
    const alphaRow = page.getByRole('row', { name: new RegExp(alpha.title) });
    await expect(alphaRow.getByText('Not published')).toBeVisible();
    await alphaRow.getByRole('button', { name: `Publish "${alpha.title}"` }).click();
    await expect(page.getByText('Story Published')).toBeVisible();
    await expect(alphaRow.getByText('Published', { exact: true })).toBeVisible();
    await expect(alphaRow.getByRole('link', { name: /View/ })).toHaveAttribute(
      'href',
      `/story/${alpha.slug}`,
    );
    // A visitor (admins also see drafts in the library) finds it, and not the other draft.
    const visitor = await browser.newContext({ baseURL });
    const library = await visitor.newPage();
    await library.goto('/library');
    await expect(library.getByRole('heading', { name: alpha.title })).toBeVisible();
    await expect(library.getByRole('heading', { name: beta.title })).toHaveCount(0);
    await visitor.close();

    // Login requirement: on by default, switched off.
    const loginSwitch = alphaRow.getByRole('switch', {
      name: `Login required for "${alpha.title}"`,
    });
    await expect(loginSwitch).toBeChecked();
    await loginSwitch.click();
    await expect(page.getByText('Login Requirement Updated')).toBeVisible();
    await expect(loginSwitch).not.toBeChecked();

    // Move the first story down: the two swap places.
    await alphaRow.getByRole('button', { name: `Move "${alpha.title}" down` }).click();
    await expect(page.getByText('Story Moved')).toBeVisible();
    await expect(rows.nth(0)).toContainText(beta.title);
    await expect(rows.nth(1)).toContainText(alpha.title);

    // Delete the other one, after confirming.
    const betaRow = page.getByRole('row', { name: new RegExp(beta.title) });
    await betaRow.getByRole('button', { name: `Delete "${beta.title}"` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Story' });
    await expect(dialog).toContainText(beta.title);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Story Deleted')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText(alpha.title);
    const gone = await page.request.get(`/api/admin/stories/${beta.id}`);
    expect(gone.status()).toBe(404);
  } finally {
    for (const story of [alpha, beta]) await page.request.delete(`/api/admin/stories/${story.id}`);
  }
});
