import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { PublishAction, ReviewState } from '#shared/contracts/publishing';
import { hasUnreviewed } from '#shared/studio/unreviewed-counts';
import { expect } from './fixtures.ts';

/** What the dashboard's publish dialog will list for this story (decision 043). */
export async function reviewStateOf(
  request: APIRequestContext,
  storyId: string,
  action: PublishAction,
): Promise<ReviewState> {
  const response = await request.get(`/api/admin/stories/${storyId}/review-state?action=${action}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { reviewState: ReviewState }).reviewState;
}

/**
 * Publishes a draft from its dashboard row. What the aligner and the lexicon left unreviewed
 * depends on the recording, so the story's review state says what to expect: with something
 * unreviewed or a chapter left out (decision 063), the confirmation lists it and is confirmed;
 * with neither, the toggle publishes at once.
 */
export async function publishFromRow(
  page: Page,
  row: Locator,
  story: { id: string; title: string },
) {
  const state = await reviewStateOf(page.request, story.id, 'publish');
  await row.getByRole('button', { name: `Publish "${story.title}"` }).click();
  if (hasUnreviewed(state.unreviewed) || state.leftOut.length > 0) {
    const dialog = page.getByRole('alertdialog', { name: 'Publish Story' });
    const listed = hasUnreviewed(state.unreviewed) ? 'Not reviewed yet' : 'Left out for now';
    await expect(dialog.getByRole('list', { name: listed })).toBeVisible();
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  }
  await expect(page.getByText('Story Published')).toBeVisible();
}
