import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { AdminStory, StoryInput } from '#shared/contracts/admin-stories';
import { expect, test } from './support/fixtures.ts';
import { E2E_ADMIN } from './support/accounts.ts';
import { uploadAdminFile } from './support/studio.ts';
import { waitForToastsToClear } from './support/toasts.ts';

/**
 * Content management, Stories tab: the administrator works on drafts of their own (other
 * journeys run in parallel on the demo library, whose order this one never changes).
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

async function allStories(request: APIRequestContext): Promise<AdminStory[]> {
  const response = await request.get('/api/admin/stories');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { stories: AdminStory[] }).stories;
}

/**
 * Drafts made one after the other go last, so they sit together unless another journey made a
 * story in between: then they are moved next to the first one.
 */
async function adjacentDrafts(request: APIRequestContext, inputs: StoryInput[]) {
  const drafts: AdminStory[] = [];
  for (const input of inputs) drafts.push(await createDraft(request, input));
  for (const [index, draft] of drafts.entries()) {
    if (index === 0) continue;
    const list = await allStories(request);
    const first = list.find((story) => story.id === drafts[0]!.id)!;
    const response = await request.post(`/api/admin/stories/${draft.id}/move`, {
      data: { position: first.position + index },
    });
    expect(response.status()).toBe(200);
  }
  return drafts;
}

/** The titles of the table's rows, top to bottom. */
async function titlesIn(table: Locator): Promise<string[]> {
  return table
    .getByRole('rowheader')
    .evaluateAll((cells) => cells.map((cell) => cell.querySelector('p')?.textContent ?? ''));
}

/** The number shown under a dashboard counter. */
async function counter(page: Page, label: string): Promise<number> {
  const text = page.locator('dt', { hasText: label }).locator('xpath=..').locator('dd');
  return Number.parseInt((await text.textContent()) ?? '', 10);
}

async function removeAll(request: APIRequestContext, stories: AdminStory[]) {
  for (const story of stories) await request.delete(`/api/admin/stories/${story.id}`);
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
  const [alpha, beta] = await adjacentDrafts(page.request, [
    {
      title: `Alfa ${tag}`,
      description: `Una historia de prueba ${tag}`,
      level: 'Beginner',
      chapters: [{ title: 'Uno' }],
    },
    { title: `Beta ${tag}`, level: 'Advanced' },
  ]);

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
    await expect(rows.nth(0)).toContainText(alpha!.title);
    await expect(rows.nth(1)).toContainText(beta!.title);
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Published' });
    await expect(page.getByText('No stories found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filter criteria')).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'All Status' });
    await page.getByRole('combobox', { name: 'Level' }).selectOption({ label: 'Advanced' });
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText(beta!.title);
    await page.getByRole('combobox', { name: 'Level' }).selectOption({ label: 'All Levels' });
    await expect(rows).toHaveCount(2);

    // Publish the first draft: its chapter has no audio yet, so publishing says learners will
    // see none (decision 063); confirmed, the story shows in the public library at once.
    const alphaRow = page.getByRole('row', { name: new RegExp(alpha!.title) });
    await expect(alphaRow.getByText('Not published')).toBeVisible();
    await alphaRow.getByRole('button', { name: `Publish "${alpha!.title}"` }).click();
    const publishDialog = page.getByRole('alertdialog', { name: 'Publish Story' });
    await expect(publishDialog).toContainText(
      'Its only chapter is left out until it has its audio and transcript: learners will see no chapter yet.',
    );
    await publishDialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Story Published')).toBeVisible();
    await expect(alphaRow.getByText('Published', { exact: true })).toBeVisible();
    await expect(alphaRow.getByRole('link', { name: /View/ })).toHaveAttribute(
      'href',
      `/story/${alpha!.slug}`,
    );
    // A visitor (admins also see drafts in the library) finds it, and not the other draft.
    const visitor = await browser.newContext({ baseURL });
    const library = await visitor.newPage();
    await library.goto('/library');
    await expect(library.getByRole('heading', { name: alpha!.title })).toBeVisible();
    await expect(library.getByRole('heading', { name: beta!.title })).toHaveCount(0);
    await visitor.close();

    // Login requirement: on by default, switched off.
    const loginSwitch = alphaRow.getByRole('switch', {
      name: `Login required for "${alpha!.title}"`,
    });
    await expect(loginSwitch).toBeChecked();
    await loginSwitch.click();
    await expect(page.getByText('Login Requirement Updated')).toBeVisible();
    await expect(loginSwitch).not.toBeChecked();

    // Delete the second one, after confirming: the first keeps its place, nothing is left empty.
    const betaRow = page.getByRole('row', { name: new RegExp(beta!.title) });
    await betaRow.getByRole('button', { name: `Delete "${beta!.title}"` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Story' });
    await expect(dialog).toContainText(beta!.title);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Story Deleted')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText(alpha!.title);
    const gone = await page.request.get(`/api/admin/stories/${beta!.id}`);
    expect(gone.status()).toBe(404);
    const after = await allStories(page.request);
    expect(after.map((story) => story.position)).toEqual(
      Array.from({ length: after.length }, (_, index) => index + 1),
    );
  } finally {
    await removeAll(page.request, [alpha!, beta!]);
  }
});

test('stories move with the arrows, by drag and drop and with the keyboard', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  const tag = randomBytes(3).toString('hex');
  const drafts = await adjacentDrafts(
    page.request,
    ['Ana', 'Beto', 'Cora'].map((name) => ({ title: `${name} ${tag}`, level: 'Beginner' })),
  );
  const [ana, beto, cora] = drafts.map((draft) => draft.title);
  /**
   * Where each draft is, counted from the first of them: other journeys add and delete stories
   * meanwhile (elsewhere in the list), which shifts all three alike.
   */
  const placesOf = async () => {
    const list = await allStories(page.request);
    const positions = drafts.map((draft) => list.find((story) => story.id === draft.id)!.position);
    return positions.map((position) => position - Math.min(...positions));
  };

  try {
    await page.goto('/admin/content');
    const table = page.getByRole('table', { name: /Stories, by position/ });
    await page.getByRole('searchbox', { name: 'Search stories' }).fill(tag);
    await expect(table.getByRole('rowheader')).toHaveCount(3);
    expect(await titlesIn(table)).toEqual([ana, beto, cora]);
    const row = (title: string) => page.getByRole('row', { name: new RegExp(title!) });

    // Arrows: Ana one place down.
    await row(ana!)
      .getByRole('button', { name: `Move "${ana}" down` })
      .click();
    await expect(page.getByText('Story Moved').first()).toBeVisible();
    await expect.poll(() => titlesIn(table)).toEqual([beto, ana, cora]);
    expect(await placesOf()).toEqual([1, 0, 2]);

    // Drag and drop: Cora's handle onto Beto's row takes Beto's place.
    await row(cora!)
      .getByRole('button', { name: new RegExp(`^Reorder "${cora}"`) })
      .dragTo(row(beto!));
    await expect.poll(() => titlesIn(table)).toEqual([cora, beto, ana]);
    expect(await placesOf()).toEqual([2, 1, 0]);
    const status = page.getByRole('status').filter({ hasText: 'moved to position' });
    await expect(status).toHaveText(new RegExp(`^"${cora}" moved to position \\d+ of \\d+\\.$`));

    // Keyboard: Ana's handle, arrow up; the handle keeps the focus, the move is announced.
    const handle = row(ana!).getByRole('button', { name: new RegExp(`^Reorder "${ana}"`) });
    await handle.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => titlesIn(table)).toEqual([cora, ana, beto]);
    expect(await placesOf()).toEqual([1, 2, 0]);
    await expect(status).toHaveText(new RegExp(`^"${ana}" moved to position \\d+ of \\d+\\.$`));
    await expect(
      row(ana!).getByRole('button', { name: new RegExp(`^Reorder "${ana}", position`) }),
    ).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => titlesIn(table)).toEqual([cora, beto, ana]);
    expect(await placesOf()).toEqual([2, 1, 0]);
  } finally {
    await removeAll(page.request, drafts);
  }
});

test('chapters move in the wizard with the arrows, by drag and drop and with the keyboard', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // Tall enough for the three chapters at once: a drag does not scroll the page.
  await page.setViewportSize({ width: 1280, height: 1600 });
  await signInAsAdmin(page);
  const tag = randomBytes(3).toString('hex');
  // A cover the demo library already has: step 2 needs one.
  const cover = (await allStories(page.request)).find((story) => story.cover === 'present')!;
  const draft = await createDraft(page.request, {
    title: `Capítulos ${tag}`,
    description: 'Tres capítulos en otro orden.',
    level: 'Intermediate',
    imageUrl: cover.imageUrl,
    chapters: [{ title: 'Uno' }, { title: 'Dos' }, { title: 'Tres' }],
  });
  const [uno, dos, tres] = draft.chapters;

  try {
    await page.goto('/admin/content');
    await page.getByRole('searchbox', { name: 'Search stories' }).fill(tag);
    await page.getByRole('button', { name: `Edit "${draft.title}"` }).click();
    await expect(page.getByRole('heading', { name: 'Edit Story' })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Chapters', level: 3 })).toBeVisible();
    const titles = () =>
      page
        .getByRole('group', { name: /^Chapter \d/ })
        .evaluateAll((cards) =>
          cards.map(
            (card) => card.querySelector('button[aria-label^="Edit title"] span')?.textContent,
          ),
        );
    expect(await titles()).toEqual(['Uno', 'Dos', 'Tres']);

    // Arrows: Uno one place down.
    await page.getByRole('button', { name: 'Move chapter 1 down' }).click();
    await expect.poll(titles).toEqual(['Dos', 'Uno', 'Tres']);
    await expect(page.getByRole('button', { name: 'Move chapter 1 up' })).toBeDisabled();

    // Drag and drop: Tres onto Dos, the first.
    await page
      .getByRole('button', { name: /^Reorder chapter 3/ })
      .dragTo(page.getByRole('group', { name: /^Chapter 1/ }));
    await expect.poll(titles).toEqual(['Tres', 'Dos', 'Uno']);

    // Keyboard: the last chapter's handle, arrow up; it keeps the focus.
    await page.getByRole('button', { name: /^Reorder chapter 3/ }).focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(titles).toEqual(['Tres', 'Uno', 'Dos']);
    await expect(
      page.getByRole('button', { name: /^Reorder chapter 2, position 2/ }),
    ).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'moved to position' })).toHaveText(
      '"Uno" moved to position 2 of 3.',
    );

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Update Story' }).click();
    await expect(page.getByRole('heading', { name: 'Story Updated Successfully!' })).toBeVisible();
    const saved = (await allStories(page.request)).find((story) => story.id === draft.id)!;
    expect(saved.chapters.map((chapter) => [chapter.id, chapter.position])).toEqual([
      [tres!.id, 1],
      [uno!.id, 2],
      [dos!.id, 3],
    ]);
  } finally {
    await removeAll(page.request, [draft]);
  }
});

test('leaving a wizard with unsaved changes asks first', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  // In the app from the admin dashboard, as an administrator gets there (Back has a page to go to).
  await page.goto('/admin');
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await sidebar.getByRole('link', { name: 'Content' }).click();
  const back = page.getByRole('button', { name: 'Back to Dashboard' });
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  const dashboard = page.getByRole('button', { name: 'Create New Story' });
  const title = page.getByRole('textbox', { name: /Story Title/ });
  const unsaved = page.getByText('Unsaved changes', { exact: true });

  // Nothing typed: nothing to lose, no question.
  await dashboard.click();
  await expect(unsaved).toBeHidden();
  await back.click();
  await expect(dashboard).toBeVisible();
  await expect(dialog).toBeHidden();

  // Typed: Back to Dashboard asks; Stay keeps the wizard as it was.
  await dashboard.click();
  await title.fill('Una historia sin guardar');
  await expect(unsaved).toBeVisible();
  await back.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('This new story is not saved; it will be lost.');
  await expect(dialog.getByRole('button', { name: 'Stay' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(title).toHaveValue('Una historia sin guardar');

  // The browser's Back asks too, and Stay keeps the page.
  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/admin\/content$/);
  await expect(title).toHaveValue('Una historia sin guardar');

  // A link of the app asks; Stay, then closing the tab asks the browser's question.
  await sidebar.getByRole('link', { name: 'Users' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/admin\/content$/);
  const asked = new Promise<string>((resolve) => {
    page.once('dialog', (question) => {
      resolve(question.type());
      // Dismissed: the page stays.
      void question.dismiss();
    });
  });
  await page.evaluate(() => {
    window.location.reload();
  });
  expect(await asked).toBe('beforeunload');
  await expect(title).toHaveValue('Una historia sin guardar');

  // Leave without saving: back on the dashboard; the history is as it was (Back goes to /admin).
  await back.click();
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(dashboard).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin$/);

  // The browser's Back, confirmed, leaves.
  await sidebar.getByRole('link', { name: 'Content' }).click();
  await dashboard.click();
  await title.fill('Otra historia');
  await expect(unsaved).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test.describe('the stories table fits', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 768, height: 1024 },
    { width: 375, height: 812 },
  ]) {
    test(`at ${viewport.width} px: View and Delete in sight, no horizontal scroll`, async ({
      page,
      makeAxeBuilder,
    }, testInfo) => {
      test.setTimeout(60_000);
      await signInAsAdmin(page);
      await page.setViewportSize(viewport);
      const tag = randomBytes(3).toString('hex');
      const long = await createDraft(page.request, {
        title: `Una historia con un título larguísimo Supercalifragilísticoespialidoso${tag}`,
        description:
          'Una descripción larga que ocupa más de una línea en la tabla de historias del panel. '.repeat(
            2,
          ),
        level: 'Intermediate',
        chapters: [{ title: 'Uno' }, { title: 'Dos' }],
      });
      try {
        // Published, then edited: the row says "Unpublished changes" and has one action more,
        // the widest a row gets (issue 23: at 1440 px it pushed every Delete half out of sight).
        expect((await page.request.post(`/api/admin/stories/${long.id}/status`)).status()).toBe(
          200,
        );
        const edited = await page.request.put(`/api/admin/stories/${long.id}`, {
          data: {
            title: long.title,
            description: `${long.description} Editada.`,
            level: long.level,
            position: long.position,
            chapters: long.chapters.map(({ id, title }) => ({ id, title })),
          },
        });
        expect(edited.status(), await edited.text()).toBe(200);

        await page.goto('/admin/content');
        const table = page.getByRole('table', { name: /Stories, by position/ });
        await expect(table.getByRole('rowheader').first()).toBeVisible();
        await expect(
          table.locator(`tr[data-story-id="${long.id}"]`).getByText('Unpublished changes'),
        ).toBeVisible();
        await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
        await page.screenshot({
          path: testInfo.outputPath(`stories-${viewport.width}.png`),
          fullPage: true,
        });

        // Nothing scrolls sideways: not the page, not the table's box.
        const overflow = await page.evaluate(() => {
          const box = document.querySelector('table')!.parentElement!;
          return {
            page: document.documentElement.scrollWidth - window.innerWidth,
            table: box.scrollWidth - box.clientWidth,
          };
        });
        expect(overflow).toEqual({ page: 0, table: 0 });

        // Every row's View and Delete are wholly inside the table's visible box (and so the
        // viewport).
        const visibleBox = await page.evaluate(() => {
          const box = document.querySelector('table')!.parentElement!;
          const rect = box.getBoundingClientRect();
          const left = rect.left + box.clientLeft;
          return { left, right: left + box.clientWidth };
        });
        expect(visibleBox.left).toBeGreaterThanOrEqual(0);
        expect(visibleBox.right).toBeLessThanOrEqual(viewport.width);
        const rows = table.locator('tbody tr[data-story-id]');
        const count = await rows.count();
        expect(count).toBeGreaterThanOrEqual(5);
        for (let index = 0; index < count; index++) {
          // View is a link, or a disabled button on a draft ('publish it first').
          const controls = rows
            .nth(index)
            .locator('[aria-label^="View "], [aria-label^="Delete "]');
          await expect(controls).toHaveCount(2);
          for (const box of await controls.evaluateAll((elements) =>
            elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
          )) {
            expect(box.width).toBeGreaterThan(0);
            expect(box.left).toBeGreaterThanOrEqual(visibleBox.left);
            expect(box.right).toBeLessThanOrEqual(visibleBox.right);
          }
        }

        await page.getByRole('searchbox', { name: 'Search stories' }).fill(tag);
        await expect(table.getByRole('rowheader')).toHaveCount(1);
        const axe = await makeAxeBuilder().analyze();
        expect(axe.violations).toEqual([]);
      } finally {
        await removeAll(page.request, [long]);
      }
    });
  }
});

/** A short transcript a person wrote and reviewed (nothing for the publish dialog to list). */
const reviewedTranscript = {
  segments: [
    {
      id: 's1',
      start: 0,
      end: 3,
      text: 'Es lunes y llueve mucho.',
      translation: 'It is Monday and it is raining a lot.',
      words: [
        { id: 's1w1', text: 'Es', start: 0, end: 0.4, gloss: 'it is' },
        { id: 's1w2', text: 'lunes', start: 0.4, end: 1, gloss: 'Monday' },
        { id: 's1w3', text: 'y', start: 1, end: 1.2, gloss: 'and' },
        { id: 's1w4', text: 'llueve', start: 1.2, end: 2, gloss: 'it rains' },
        { id: 's1w5', text: 'mucho', start: 2, end: 3, gloss: 'a lot' },
      ],
    },
  ],
};

test('publishing names the chapters learners will not see, and a save says it is not live yet', async ({
  page,
  browser,
  baseURL,
  makeAxeBuilder,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page);
  const tag = randomBytes(3).toString('hex');
  const audio = await uploadAdminFile(page.request, 'audios', {
    name: `publicar-${tag}.m4a`,
    mimeType: 'audio/mp4',
    buffer: fs.readFileSync('tests/e2e/fixtures/un-lunes-de-lluvia.m4a'),
  });
  const transcript = await uploadAdminFile(page.request, 'trans', {
    name: `publicar-${tag}.json`,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(reviewedTranscript)),
  });
  // A cover the demo library already has: the wizard's step 2 needs one.
  const cover = (await allStories(page.request)).find((story) => story.cover === 'present')!;
  const story = await createDraft(page.request, {
    title: `Tres capítulos ${tag}`,
    description: 'Solo el primero tiene audio y texto.',
    level: 'Beginner',
    imageUrl: cover.imageUrl,
    chapters: [
      { title: 'La llegada', audioFileId: audio.filePath, transcriptFileId: transcript.filePath },
      { title: 'El encuentro', audioFileId: audio.filePath },
      { title: 'La despedida' },
    ],
  });
  const visitor = await browser.newContext({ baseURL });
  /** The chapters a learner is shown on the story's page. */
  const learnersSee = async () => {
    const storyPage = await visitor.newPage();
    await storyPage.goto(`/story/${story.slug}`);
    const chapters = storyPage.getByRole('region', { name: 'Chapters' }).getByRole('listitem');
    await expect(chapters.first()).toBeVisible();
    const titles = await chapters.allTextContents();
    await storyPage.close();
    return titles;
  };

  try {
    await page.goto('/admin/content');
    await page.getByRole('searchbox', { name: 'Search stories' }).fill(tag);
    const row = page.getByRole('row', { name: new RegExp(story.title) });
    // The table counts three chapters, and its list marks the two learners will not see.
    await row.getByRole('button', { name: `Chapters of "${story.title}": 3` }).click();
    const listed = page.getByRole('list', { name: `Chapters of "${story.title}"` });
    await expect(listed.getByRole('listitem').nth(0)).not.toContainText('Left out');
    await expect(listed.getByRole('listitem').nth(1)).toContainText(
      'Left out for learners: no transcript yet',
    );
    await expect(listed.getByRole('listitem').nth(2)).toContainText(
      'Left out for learners: no audio or transcript yet',
    );

    // Nothing is unreviewed, yet Publish asks first, naming both and what each lacks.
    await row.getByRole('button', { name: `Publish "${story.title}"` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Publish Story' });
    await expect(dialog).toContainText(
      'Only 1 of its 3 chapters is included: the other 2 are left out until they have their audio and transcript.',
    );
    const leftOut = dialog.getByRole('list', { name: 'Left out for now' }).getByRole('listitem');
    await expect(leftOut).toHaveText([
      /^2\. El encuentroNo transcript yetOpen in Studio$/,
      /^3\. La despedidaNo audio or transcript yet$/,
    ]);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await waitForToastsToClear(page);
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('publish-left-out-1440.png') });
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(dialog.getByRole('button', { name: 'Publish', exact: true })).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('publish-left-out-375.png') });
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Story Published')).toBeVisible();
    // Learners see exactly what the dialog said.
    expect(await learnersSee()).toEqual([expect.stringContaining('La llegada')]);

    // An edit in the wizard: its review and its success screen say learners do not see it yet.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: `Edit "${story.title}"` }).click();
    await page.getByLabel(/^Description/).fill('Ahora con otra descripción.');
    for (const step of [2, 3, 4]) {
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText(`Step ${step} of 4`)).toBeVisible();
    }
    await expect(
      page.getByText(
        'Learners keep seeing the version published last until you publish the changes from the dashboard.',
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Update Story' }).click();
    await expect(page.getByRole('heading', { name: 'Story Updated Successfully!' })).toBeVisible();
    await expect(
      page.getByText(
        'These changes are not live yet: learners see the version published last until you choose “Publish changes” on the dashboard. 2 chapters without their audio or transcript stay out of what learners see until they have both.',
      ),
    ).toBeVisible();
    await waitForToastsToClear(page);
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('saved-not-live-1440.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: testInfo.outputPath('saved-not-live-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // "Publish changes" names them again; learners get the new description, still one chapter.
    await page.getByRole('button', { name: 'Back to Dashboard' }).last().click();
    await page.getByRole('searchbox', { name: 'Search stories' }).fill(tag);
    await expect(row.getByText('Unpublished changes')).toBeVisible();
    await row.getByRole('button', { name: `Publish changes to "${story.title}"` }).click();
    const changes = page.getByRole('alertdialog', { name: 'Publish Changes' });
    await expect(changes).toContainText(
      'Only 1 of its 3 chapters is included: the other 2 are left out until they have their audio and transcript.',
    );
    await expect(
      changes.getByRole('list', { name: 'Left out for now' }).getByRole('listitem'),
    ).toHaveCount(2);
    await changes.getByRole('button', { name: 'Publish Changes' }).click();
    await expect(page.getByText('Changes Published')).toBeVisible();
    expect(await learnersSee()).toEqual([expect.stringContaining('La llegada')]);
  } finally {
    await visitor.close();
    await removeAll(page.request, [story]);
    for (const file of [audio, transcript])
      await page.request.delete(`/api/admin/files/${file.id}`);
  }
});

test('the wizard previews a cover as learners see it, and the library shows covers uncut', async ({
  page,
  makeAxeBuilder,
}, testInfo) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page);
  const image = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#b4441f' } })
      .png()
      .toBuffer();

  // The library: every card's cover at 4:3, as the wizard previews it (issue 23: on a wide
  // screen a 4:3 cover was stretched to the card's height and cut to about 0.9:1).
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/library');
    const covers = page.getByRole('article').locator('img');
    await expect(covers.first()).toBeVisible();
    for (const box of await covers.evaluateAll((images) =>
      images.map((img) => img.getBoundingClientRect().toJSON() as DOMRect),
    )) {
      expect(box.width / box.height).toBeCloseTo(4 / 3, 1);
    }
    await page.screenshot({ path: testInfo.outputPath(`library-${width}.png`) });
  }

  const tag = randomBytes(3).toString('hex');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin/content');
  await page.getByRole('button', { name: 'Create New Story' }).click();
  await page.getByLabel(/Story Title/).fill(`Portada ${tag}`);
  await page.getByLabel(/^Description/).fill('Una portada más ancha que 4:3.');
  await page.getByRole('button', { name: 'Next' }).click();
  const input = page.getByLabel('Cover image file');
  await input.setInputFiles({
    name: `panorama-${tag}.png`,
    mimeType: 'image/png',
    buffer: await image(1280, 720),
  });
  const caption = page
    .locator('figure')
    .filter({ has: page.getByRole('img', { name: 'Cover image preview' }) })
    .locator('figcaption');
  await expect(caption).toContainText(
    'As learners see it, at 4:3. This image is wider than 4:3: learners see it as above, its sides cut off (75% of its width shown).',
  );
  await waitForToastsToClear(page);
  expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('wizard-cover-1440.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: testInfo.outputPath('wizard-cover-375.png'), fullPage: true });

  // A 4:3 image is shown whole: nothing to say.
  await page.getByRole('button', { name: 'Remove Cover Image' }).click();
  await input.setInputFiles({
    name: `portada-${tag}.png`,
    mimeType: 'image/png',
    buffer: await image(800, 600),
  });
  await expect(page.getByRole('img', { name: 'Cover image preview' })).toBeVisible();
  await expect
    .poll(() =>
      page
        .getByRole('img', { name: 'Cover image preview' })
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBe(800);
  await expect(caption).toHaveText('As learners see it, at 4:3.');

  // The wizard is left unsaved: its two uploads are deleted (nothing uses them).
  const listed = await page.request.get('/api/admin/files');
  const { files } = (await listed.json()) as { files: { id: string; originalFilename: string }[] };
  const ours = files.filter((file) => file.originalFilename.includes(tag));
  expect(ours).toHaveLength(2);
  for (const file of ours) {
    expect((await page.request.delete(`/api/admin/files/${file.id}`)).status()).toBe(204);
  }
});
