import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { AdminStory } from '#shared/contracts/admin-stories';
import type { StudioChapter } from '#shared/contracts/studio';
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations, signInAsAdmin, wizardToChapters } from './support/studio.ts';

/**
 * The story wizard takes a chapter's plain text (decision 048, issue 21): an administrator
 * creates a story from a recording and a .txt of its text, the server aligns them after Create,
 * and the success page leads to the chapter's studio, where the alignment is seen to finish.
 */

const fixture = (name: string) => path.resolve('tests/e2e/fixtures', name);
const RECORDING = 'un-lunes-de-lluvia.m4a';
const TEXT_FILE = 'un-lunes-de-lluvia.txt';

test('an administrator creates a story from a recording and its plain text, and follows its alignment into the studio', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInAsAdmin(page);
  const title = `Lluvia de lunes ${randomBytes(3).toString('hex')}`;
  let storyId: string | undefined;

  try {
    await wizardToChapters(page, title);
    await page.getByRole('button', { name: 'Add Chapter' }).click();

    // The recording uploads; the plain text is kept as the chapter's text to align.
    const chapterCard = page.getByRole('group', { name: 'Chapter 1' });
    await chapterCard.getByLabel('Audio file for chapter 1').setInputFiles(fixture(RECORDING));
    await expect(chapterCard.getByText(RECORDING)).toBeVisible();
    await chapterCard.getByLabel('Transcript file for chapter 1').setInputFiles(fixture(TEXT_FILE));
    await expect(chapterCard.getByText(`${TEXT_FILE} · 4 sentences`)).toBeVisible();
    await expect(chapterCard.getByText('Text to align with the audio after saving')).toBeVisible();

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(
      page.getByText(
        'After saving, 1 chapter’s text is aligned with its audio; follow it in the studio.',
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Create Story' }).click();

    // The success page: the chapter is being aligned, and its studio is one link away.
    await expect(page.getByRole('heading', { name: 'Story Created Successfully!' })).toBeVisible();
    const inStudio = page.getByRole('region', { name: 'Continue in the Studio' });
    await expect(inStudio).toContainText('Aligning its text with the audio');
    const stories = (await (await page.request.get('/api/admin/stories')).json()) as {
      stories: AdminStory[];
    };
    const created = stories.stories.find((story) => story.title === title)!;
    storyId = created.id;
    const chapterId = created.chapters[0]!.id;
    await expectNoAxeViolations(page);

    await inStudio.getByRole('link', { name: 'Open in Studio: Chapter 1' }).click();
    await expect(page).toHaveURL(`/admin/chapters/${chapterId}/studio`);
    await expect(page.getByRole('heading', { level: 1, name: 'Chapter 1' })).toBeVisible();

    // The alignment finishes there: the text's four sentences appear, timed (version 1).
    for (const number of [1, 2, 3, 4]) {
      await expect(page.getByRole('article', { name: `Sentence ${number}` })).toBeVisible({
        timeout: 180_000,
      });
    }
    await expect(page.getByRole('article', { name: 'Sentence 1' })).toContainText(
      'Es lunes y llueve mucho.',
    );
    const studio = (await (
      await page.request.get(`/api/admin/chapters/${chapterId}/studio`)
    ).json()) as StudioChapter;
    expect(studio.version).toBe(1);
    expect(studio.transcript!.segments).toHaveLength(4);
    expect(studio.transcript!.segments[1]!.words[0]!.start).toBeGreaterThan(2.5);
    const latest = (await (
      await page.request.get(`/api/admin/chapters/${chapterId}/alignment`)
    ).json()) as { job: { status: string } };
    expect(latest.job.status).toBe('succeeded');
  } finally {
    if (storyId) await page.request.delete(`/api/admin/stories/${storyId}`);
  }
});
