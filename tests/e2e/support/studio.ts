import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { FileUpload } from '#shared/contracts/admin-files';
import type { AdminStory, StoryInput } from '#shared/contracts/admin-stories';
import { E2E_ADMIN } from './accounts.ts';
import { axeScanOf, expect } from './fixtures.ts';
import { waitForToastsToClear } from './toasts.ts';

/** Signs this page's context in as the journeys' administrator (created at start). */
export async function signInAsAdmin(page: Page) {
  const response = await page.request.post('/api/auth/sign-in', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.status()).toBe(200);
}

/**
 * The story wizard's first two steps for a story about Pablo's rainy Monday (the demo's cover),
 * leaving the wizard on its chapters step.
 */
export async function wizardToChapters(page: Page, title: string) {
  await page.goto('/admin/content');
  await page.getByRole('button', { name: 'Create New Story' }).click();
  await page.getByLabel(/Story Title/).fill(title);
  await page.getByLabel(/^Description/).fill('Pablo espera el autobús bajo la lluvia.');
  await page.getByRole('button', { name: 'Next' }).click();
  await page
    .getByLabel('Cover image file')
    .setInputFiles(path.resolve('content/generated/el-paraguas-rojo/cover.jpg'));
  await expect(page.getByRole('img', { name: 'Cover image preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
}

/** A draft made through the API, for the journeys that start from one. */
export async function createDraft(
  request: APIRequestContext,
  input: StoryInput,
): Promise<AdminStory> {
  const response = await request.post('/api/admin/stories', { data: input });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { story: AdminStory }).story;
}

/** A file uploaded to `bucket` as the Files page uploads one; the caller deletes it when done. */
export async function uploadAdminFile(
  request: APIRequestContext,
  bucket: 'audios' | 'trans',
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<FileUpload> {
  const response = await request.post(`/api/admin/files?bucket=${bucket}`, { multipart: { file } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { file: FileUpload }).file;
}

export async function adminStory(request: APIRequestContext, id: string): Promise<AdminStory> {
  const response = await request.get(`/api/admin/stories/${id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { story: AdminStory }).story;
}

/**
 * A position past the end of the library: the story goes last (decision 023: positions stay
 * 1..n, so an asked-for place beyond the end means last, whatever the number).
 */
export const farPosition = () => 20_000 + Math.floor(Math.random() * 50_000);

/** For a page not opened through the fixture's `goto` (a new tab, another context's page). */
export async function waitForApp(page: Page) {
  await page.waitForSelector('html[data-app-ready="true"]', { state: 'attached' });
}

/** An axe scan of any page (a new tab, another context's page) once the toasts are gone. */
export async function expectNoAxeViolations(page: Page) {
  await waitForToastsToClear(page);
  const result = await axeScanOf(page).analyze();
  expect(
    result.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/** The text shown on every preview (components/story/preview-banner.tsx). */
export const PREVIEW_BANNER = 'Preview — learners do not see this yet';
