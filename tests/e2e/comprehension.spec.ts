import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { ChapterQuestion } from '#shared/contracts/comprehension';
import { signedInLearner } from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { axeScanOf, expect, test } from './support/fixtures.ts';
import {
  audioElement,
  audioState,
  PLAYER_LAUNCH_OPTIONS,
  waitForAudioMetadata,
} from './support/player.ts';
import {
  createDraft,
  expectNoAxeViolations,
  farPosition,
  signInAsAdmin,
  uploadAdminFile,
  waitForApp,
} from './support/studio.ts';

/**
 * Comprehension checks an administrator may add (issue 25, decision 069): questions written in
 * the studio reach learners with the next publish, after the chapter; a wrong answer plays the
 * line that answers it. Each journey works on a story of its own, made from a demo chapter.
 */

// The player plays without a press on Play, so the chapter's end comes under test control.
test.use({ launchOptions: PLAYER_LAUNCH_OPTIONS });

const DEMO = path.resolve('content/generated/el-paraguas-rojo');
/** Sentence 6 of the chapter: «En el asiento de al lado hay un paraguas rojo.» */
const SEAT_LINE = { id: 's6', text: 'En el asiento de al lado hay un paraguas rojo.' };

/** A published story of one chapter (the demo's first "paraguas" chapter), made through the API. */
async function publishedStory(request: APIRequestContext) {
  const tag = randomBytes(3).toString('hex');
  const audio = await uploadAdminFile(request, 'audios', {
    name: `questions-${tag}.m4a`,
    mimeType: 'audio/mp4',
    buffer: fs.readFileSync(path.join(DEMO, 'chapter-1.m4a')),
  });
  const transcript = await uploadAdminFile(request, 'trans', {
    name: `questions-${tag}.json`,
    mimeType: 'application/json',
    buffer: fs.readFileSync(path.join(DEMO, 'chapter-1.json')),
  });
  const draft = await createDraft(request, {
    title: `El paraguas de las preguntas ${tag}`,
    description: 'Pablo encuentra un paraguas en el autobús.',
    level: 'Beginner',
    position: farPosition(),
    chapters: [
      {
        title: 'Un lunes de lluvia',
        audioFileId: audio.filePath,
        transcriptFileId: transcript.filePath,
      },
    ],
  });
  const published = await request.post(`/api/admin/stories/${draft.id}/status`);
  expect(published.status(), await published.text()).toBe(200);
  return { storyId: draft.id, title: draft.title, chapterId: draft.chapters[0]!.id };
}

const deleteStory = async (request: APIRequestContext, id: string) => {
  expect((await request.delete(`/api/admin/stories/${id}`)).status()).toBe(204);
};

/** A learner of their own, in a context of their own, on a page at `width` (and the theme). */
async function learnerPage(browser: Browser, options: { width?: number; theme?: string } = {}) {
  const context = await browser.newContext(
    options.width ? { viewport: { width: options.width, height: 800 } } : {},
  );
  const page = await context.newPage();
  if (options.theme) {
    await page.addInitScript(
      (value) => window.localStorage.setItem('relatos.theme', value),
      options.theme,
    );
  }
  await signedInLearner(page);
  return page;
}

async function openQuestions(page: Page, chapterId: string) {
  await page.goto(`/questions/${chapterId}`);
  await waitForApp(page);
}

test('an administrator adds two questions to a published chapter and publishes; a learner finishes it, answers one wrong, plays the line that answers it and sees the result', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const story = await publishedStory(page.request);
  try {
    // The studio: two questions, by the form, one naming the line that answers it.
    await page.goto(`/admin/chapters/${story.chapterId}/studio`);
    const section = page.getByRole('region', { name: 'Comprehension questions' });
    await expect(section.getByText('No questions yet')).toBeVisible();
    await section.getByRole('button', { name: 'Add question' }).click();
    const first = section.getByRole('region', { name: 'Question 1' });
    await expect(first.getByRole('textbox', { name: 'Question' })).toBeFocused();
    await page.keyboard.type('What is on the seat next to Pablo?');
    await first.getByRole('textbox', { name: 'Option 1' }).fill('A newspaper');
    await first.getByRole('textbox', { name: 'Option 2' }).fill('A red umbrella');
    await first.getByRole('button', { name: 'Add option' }).click();
    await first.getByRole('textbox', { name: 'Option 3' }).fill('A phone');
    await first.getByRole('radio', { name: 'Option 2 is the correct answer' }).check();
    await first
      .getByRole('combobox', { name: 'Line that answers it' })
      .selectOption({ label: `6. ${SEAT_LINE.text}` });
    await section.getByRole('button', { name: 'Add question' }).click();
    const second = section.getByRole('region', { name: 'Question 2' });
    await second.getByRole('textbox', { name: 'Question' }).fill('How old is Pablo?');
    await second.getByRole('textbox', { name: 'Option 1' }).fill('Nineteen');
    await second.getByRole('textbox', { name: 'Option 2' }).fill('Twenty-five');
    await second.getByRole('radio', { name: 'Option 1 is the correct answer' }).check();
    await section.getByRole('button', { name: 'Save questions' }).click();
    await expect(section.getByText('Saved · 2 questions')).toBeVisible();
    await expect(
      section.getByText(
        'Learners still see the questions published last: publish the story’s changes to show them these.',
      ),
    ).toBeVisible();
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((value) => {
        window.localStorage.setItem('relatos.theme', value);
      }, theme);
      await page.reload();
      await waitForApp(page);
      await expect(section.getByRole('region', { name: 'Question 2' })).toBeVisible();
      await expectNoAxeViolations(page);
    }
    await page.evaluate(() => window.localStorage.removeItem('relatos.theme'));

    // Not yet for learners: the dashboard says so, and "Publish changes" shows them.
    await page.goto('/admin/content');
    await page.getByRole('searchbox', { name: 'Search stories' }).fill(story.title);
    const row = page.getByRole('row', { name: new RegExp(story.title) }).first();
    await row.getByRole('button', { name: `Publish changes to "${story.title}"` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Publish Changes' });
    await dialog.getByRole('button', { name: 'Publish Changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      row.getByRole('button', { name: `Publish changes to "${story.title}"` }),
    ).toHaveCount(0);

    // A learner hears the chapter to its end: the player offers the questions.
    const learner = await learnerPage(browser);
    await learner.goto(`/player/${story.chapterId}`);
    await waitForApp(learner);
    await waitForAudioMetadata(learner);
    const { duration } = await audioState(learner);
    await audioElement(learner).evaluate((audio: HTMLAudioElement, at: number) => {
      audio.currentTime = at;
      void audio.play();
    }, duration - 1.5);
    const offer = learner.getByRole('link', { name: 'Check your understanding (2 questions)' });
    await expect(offer).toBeVisible({ timeout: 15_000 });
    await offer.click();

    // One at a time, by keyboard: a wrong answer first.
    await expect(
      learner.getByRole('heading', { level: 2, name: 'What is on the seat next to Pablo?' }),
    ).toBeFocused();
    await expect(learner.getByText('Question 1 of 2')).toBeVisible();
    await learner.keyboard.press('3');
    await expect(learner.getByRole('radio', { name: /A phone/ })).toBeChecked();
    await learner.keyboard.press('Enter');
    await expect(learner.getByText('Not quite. The answer is “A red umbrella”.')).toBeVisible();
    await expect(learner.getByRole('radio', { name: /A phone/ })).toHaveAccessibleName(
      /Your answer/,
    );
    await expect(learner.getByRole('radio', { name: /A red umbrella/ })).toHaveAccessibleName(
      /Correct answer/,
    );

    // The line that answers it plays from the chapter's audio, and shows.
    await learner.getByRole('button', { name: 'Play the line that answers it' }).click();
    await expect(learner.getByText('Playing the line…')).toBeVisible({ timeout: 10_000 });
    await expect(learner.getByRole('blockquote')).toHaveText(SEAT_LINE.text);
    // It stops at the line's end (about 3.6 s), not the chapter's.
    await expect(learner.getByText('Playing the line…')).toBeHidden({ timeout: 15_000 });

    await learner.getByRole('button', { name: 'Next question' }).focus();
    await learner.keyboard.press('Enter');
    await expect(
      learner.getByRole('heading', { level: 2, name: 'How old is Pablo?' }),
    ).toBeFocused();
    await learner.keyboard.press('1');
    await learner.keyboard.press('Enter');
    await expect(learner.getByText('Right! “Nineteen” is the answer.')).toBeVisible();
    await expect(learner.getByRole('button', { name: 'See your result' })).toBeFocused();
    await learner.keyboard.press('Enter');
    await expect(learner.getByRole('heading', { level: 2, name: 'Your result' })).toBeFocused();
    await expect(learner.getByText('You answered 1 of 2 questions correctly.')).toBeVisible();
    await learner.context().close();
  } finally {
    await deleteStory(page.request, story.storyId);
  }
});

for (const theme of ['light', 'dark'] as const) {
  test(`the learner's questions at 375 px pass axe, ${theme} theme: a question, a wrong answer with its line, the result`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    const story = await publishedStory(page.request);
    try {
      const questions: ChapterQuestion[] = [
        {
          text: 'What is on the seat next to Pablo?',
          options: ['A newspaper', 'A red umbrella'],
          correctOption: 1,
          segmentId: SEAT_LINE.id,
        },
      ];
      const saved = await page.request.put(`/api/admin/chapters/${story.chapterId}/questions`, {
        data: { questions },
      });
      expect(saved.status(), await saved.text()).toBe(200);
      const changes = await page.request.post(
        `/api/admin/stories/${story.storyId}/publish-changes`,
      );
      expect(changes.status(), await changes.text()).toBe(200);

      const learner = await learnerPage(browser, { width: 375, theme });
      await openQuestions(learner, story.chapterId);
      await expect(learner.getByText('Question 1 of 1')).toBeVisible();
      const scan = async () => expect(await axeViolations(axeScanOf(learner))).toEqual([]);
      await scan();
      // Nothing is wider than the phone's screen.
      expect(
        await learner.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(375);

      await learner.getByRole('radio', { name: /A newspaper/ }).check();
      await learner.getByRole('button', { name: 'Check answer' }).click();
      await learner.getByRole('button', { name: 'Play the line that answers it' }).click();
      await expect(learner.getByRole('blockquote')).toHaveText(SEAT_LINE.text);
      await scan();
      await learner.getByRole('button', { name: 'See your result' }).click();
      await expect(learner.getByText('You answered 0 of 1 question correctly.')).toBeVisible();
      await scan();
      await learner.context().close();
    } finally {
      await deleteStory(page.request, story.storyId);
    }
  });
}
