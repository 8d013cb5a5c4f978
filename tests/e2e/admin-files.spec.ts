import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { AdminFile, AssociationTargetsResponse } from '#shared/contracts/admin-files';
import type { AdminStory } from '#shared/contracts/admin-stories';
import { E2E_ADMIN } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Content management, Upload, Files and Associate tabs: the administrator uploads a chapter's
 * audio and transcript, links them to a draft story of their own, unlinks them and deletes them.
 * Other journeys run in parallel on the demo library, which this one leaves alone.
 */

const audioBytes = fs.readFileSync(path.resolve('public/demo/sample.m4a'));
const transcriptBytes = fs.readFileSync(
  path.resolve('content/generated/el-paraguas-rojo/chapter-1.json'),
);

async function signInAsAdmin(page: Page) {
  const response = await page.request.post('/api/auth/sign-in', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.status()).toBe(200);
}

async function ourFiles(page: Page, tag: string): Promise<AdminFile[]> {
  const response = await page.request.get('/api/admin/files');
  expect(response.status()).toBe(200);
  const { files } = (await response.json()) as { files: AdminFile[] };
  return files.filter((file) => file.originalFilename.includes(tag));
}

/**
 * Axe scans run once the toasts are gone: sonner's rich-colour success toast (app-wide, in
 * src/client/app/providers.tsx) has a 4.25:1 description contrast, not this screen's.
 */
async function scan(
  page: Page,
  makeAxeBuilder: () => { analyze(): Promise<{ violations: unknown[] }> },
) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  const result = await makeAxeBuilder().analyze();
  expect(result.violations).toEqual([]);
}

async function chapterOf(page: Page, storyId: string) {
  const response = await page.request.get('/api/admin/files/association-targets');
  const { stories } = (await response.json()) as AssociationTargetsResponse;
  return stories.find((story) => story.id === storyId)!.chapters[0]!;
}

test('an administrator uploads, links, unlinks and deletes chapter files', async ({
  page,
  makeAxeBuilder,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const tag = randomBytes(3).toString('hex');
  const audioName = `relato-${tag}.m4a`;
  const transcriptName = `relato-${tag}.json`;
  const created = await page.request.post('/api/admin/stories', {
    data: {
      title: `Archivos ${tag}`,
      level: 'Beginner',
      position: 7000 + Math.floor(Math.random() * 2000),
      chapters: [{ title: 'Uno' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const story = ((await created.json()) as { story: AdminStory }).story;

  try {
    await page.goto('/admin/content');
    await expect(page.getByRole('heading', { level: 1, name: 'Content Management' })).toBeVisible();

    // Upload tab: the audio, then the transcript; each upload ends on Manage Files.
    await page.getByRole('tab', { name: 'Upload', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Content Upload' })).toBeVisible();
    await scan(page, makeAxeBuilder);

    await page.getByLabel('Choose audio files').setInputFiles({
      name: audioName,
      mimeType: 'audio/x-m4a',
      buffer: audioBytes,
    });
    await expect(page.getByRole('tab', { name: 'Manage Files' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByText('Audio Uploaded')).toBeVisible();
    await expect(page.getByRole('heading', { name: audioName })).toBeVisible();

    await page.getByRole('tab', { name: 'Upload Files' }).click();
    await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
    await page.getByLabel('Choose transcripts').setInputFiles({
      name: transcriptName,
      mimeType: 'application/json',
      buffer: transcriptBytes,
    });
    await expect(page.getByRole('tab', { name: 'Manage Files' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByText('Transcript Uploaded')).toBeVisible();

    // A refused file never leaves the browser: it starts as an error.
    await page.getByRole('tab', { name: 'Upload Files' }).click();
    await page.getByLabel('Choose transcripts').setInputFiles({
      name: `notas-${tag}.json`,
      mimeType: 'application/json',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0x20),
    });
    await expect(page.getByText('File size exceeds 5MB limit')).toBeVisible();
    expect((await ourFiles(page, tag)).map((file) => file.originalFilename).sort()).toEqual(
      [audioName, transcriptName].sort(),
    );

    // Files tab: both files, searchable and filterable.
    await page.getByRole('tab', { name: 'Files', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search files' }).fill(tag);
    const grid = page.getByRole('list', { name: 'Files' });
    await expect(grid.getByRole('heading')).toHaveCount(2);
    await page.getByRole('button', { name: 'Audio', exact: true }).click();
    await expect(grid.getByRole('heading')).toHaveText([audioName]);
    await page.getByRole('button', { name: 'All Files' }).click();
    await scan(page, makeAxeBuilder);

    // Associate tab: both files to chapter 1 of our story.
    await page.getByRole('tab', { name: 'Associate', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'File Association' })).toBeVisible();
    await page
      .getByLabel('Story', { exact: true })
      .selectOption({ label: `Archivos ${tag} (1 chapter)` });
    await page.getByLabel('Chapter', { exact: true }).selectOption({ label: '1. Uno' });
    await page.getByLabel('Search by file name').fill(tag);
    const choices = page.getByRole('list', { name: 'Files to associate' });
    await choices.getByRole('button', { name: new RegExp(audioName) }).click();
    await choices.getByRole('button', { name: new RegExp(transcriptName) }).click();
    await scan(page, makeAxeBuilder);
    await page.getByRole('button', { name: 'Associate 2 File(s)' }).click();
    await expect(page.getByText('Files Associated')).toBeVisible();
    await expect(choices.getByText('Associated', { exact: true })).toHaveCount(2);

    const files = await ourFiles(page, tag);
    const audioFile = files.find((file) => file.originalFilename === audioName)!;
    const transcriptFile = files.find((file) => file.originalFilename === transcriptName)!;
    expect(await chapterOf(page, story.id)).toMatchObject({
      audioFileId: audioFile.filePath,
      transcriptFileId: transcriptFile.filePath,
      duration: 94,
    });

    // Manage Associations: story → chapter, then unlink the audio.
    await page.getByRole('tab', { name: 'Manage Associations' }).click();
    const linked = page.getByRole('list', { name: 'Associated files' });
    await expect(
      linked
        .getByRole('listitem')
        .filter({ hasText: audioName })
        .getByText(`Archivos ${tag} → Uno`),
    ).toBeVisible();
    await page.getByRole('button', { name: `Unassociate ${audioName}` }).click();
    await expect(page.getByText('File Unassociated')).toBeVisible();
    await expect(page.getByRole('button', { name: `Unassociate ${audioName}` })).toHaveCount(0);
    expect((await chapterOf(page, story.id)).audioFileId).toBe('');

    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByText('Total Files')).toBeVisible();

    // Files tab: delete both; the transcript still linked loses its chapter link too.
    await page.getByRole('tab', { name: 'Files', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search files' }).fill(tag);
    for (const name of [audioName, transcriptName]) {
      await page.getByRole('button', { name: `Delete ${name}` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete File' });
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('heading', { name })).toHaveCount(0);
    }
    await expect(page.getByRole('heading', { name: 'No files found' })).toBeVisible();
    expect(await ourFiles(page, tag)).toEqual([]);
    expect((await chapterOf(page, story.id)).transcriptFileId).toBe('');
  } finally {
    for (const file of await ourFiles(page, tag)) {
      await page.request.delete(`/api/admin/files/${file.id}`);
    }
    await page.request.delete(`/api/admin/stories/${story.id}`);
  }
});
