import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Transcript } from '#shared/transcript';
import { expect, test } from './support/fixtures.ts';
import {
  asMachineProposals,
  createProposalsChapter,
  studioChapter,
} from './support/machine-proposals.ts';
import { expectNoAxeViolations, signInAsAdmin } from './support/studio.ts';

/**
 * Review mode (issue 21, decision 047): an administrator reviews a whole chapter of machine
 * proposals with the keyboard only — editing a translation, replacing a wrong gloss by another
 * sense, giving a missing gloss, accepting a doubtful word, saving — until nothing is left.
 *
 * The chapter is the demo's "Un lunes de lluvia" (21 sentences, its recording), its transcript
 * turned into what a machine would propose: every translation and gloss unapproved, one
 * translation and one gloss wrong, one gloss missing, one word's timing doubtful.
 */

const DEMO = 'content/generated/el-paraguas-rojo';
const RIGHT_TRANSLATION = 'It is Monday and it is raining hard.';

function machineProposals(transcript: Transcript): Transcript {
  // Sentence 3: "estudia" is doubtful.
  const proposals = asMachineProposals(transcript, [{ segment: 2, text: 'estudia' }]);
  return {
    segments: proposals.segments.map((segment, index) => ({
      ...segment,
      ...(index === 0 ? { translation: 'Is Monday and rains a lot.' } : {}),
      ...(index === 2 ? { confidence: 0.8 } : {}),
      words: segment.words.map((word) => {
        // Sentence 2: "espera" glossed with the wrong sense; sentence 4: "chaqueta" without one.
        if (index === 1 && word.text === 'espera') return { ...word, gloss: 'hope' };
        if (index === 3 && word.text === 'chaqueta') {
          const { gloss: _gloss, glossSource: _source, glossOrigin: _origin, ...unglossed } = word;
          return unglossed;
        }
        return word;
      }),
    })),
  };
}

/** The review stage; `ready(id)` resolves once that sentence (or 'summary') is shown and played. */
const stage = (page: Page) => page.getByRole('region', { name: 'Review' });
const ready = (page: Page, id: string) =>
  expect(stage(page)).toHaveAttribute('data-review-ready', id, { timeout: 15_000 });

test('an administrator reviews a chapter with the keyboard only, until nothing is left to review', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  const demo = JSON.parse(fs.readFileSync(path.join(DEMO, 'chapter-1.json'), 'utf8')) as Transcript;
  const proposals = machineProposals(demo);
  const ids = proposals.segments.map((segment) => segment.id);
  const { storyId, chapterId } = await createProposalsChapter(page.request, {
    storyTitle: 'Revisión',
    title: 'Un lunes de lluvia',
    audioPath: path.join(DEMO, 'chapter-1.m4a'),
    transcript: proposals,
  });

  try {
    await page.goto(`/admin/chapters/${chapterId}/studio`);
    await expect(page.getByRole('heading', { level: 1, name: 'Un lunes de lluvia' })).toBeVisible();
    // The studio offers review first: reached from the keyboard like everything after it.
    await expect(page.getByText('21 sentences wait for review', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Start review' }).focus();
    await page.keyboard.press('Enter');

    // Sentence 1 arrives focused and playing; its translation is wrong: E, rewrite, Enter.
    await ready(page, ids[0]!);
    await expect(page.getByRole('article', { name: 'Sentence 1' })).toBeFocused();
    await expect
      .poll(() => page.evaluate(() => !document.querySelector('audio')!.paused), {
        message: 'the sentence plays on arrival',
      })
      .toBe(true);
    const left = page.getByRole('region', { name: 'Left' }).getByRole('listitem');
    await expect(left).toHaveText(['21 sentences', '21 translations', /^\d+ glosses$/, '1 timing']);
    await expectNoAxeViolations(page);
    await page.keyboard.press('e');
    const translation = page.getByRole('textbox', { name: 'English translation' });
    await expect(translation).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(RIGHT_TRANSLATION);
    await page.keyboard.press('Enter');
    await expect(page.getByText(RIGHT_TRANSLATION)).toBeVisible();
    await page.keyboard.press('Enter');

    // Sentence 2: "espera" is glossed "hope": its number, then the right sense's number.
    await ready(page, ids[1]!);
    const espera = page.getByRole('button', { name: 'Change gloss of espera' });
    await page.keyboard.press((await espera.getAttribute('aria-keyshortcuts'))!);
    const senses = page.getByRole('group', { name: 'Other senses of espera' });
    await expect(senses.getByRole('button', { name: /^to wait/ })).toHaveAttribute(
      'aria-keyshortcuts',
      '1',
    );
    await expectNoAxeViolations(page);
    await page.keyboard.press('1');
    await expect(senses).toHaveCount(0);
    await page.keyboard.press('Enter');

    // Sentence 3: Enter approves its text, then asks about the doubtful word; T accepts it.
    await ready(page, ids[2]!);
    await page.keyboard.press('Enter');
    await expect(page.getByText('The text is approved. Is this timing right?')).toBeVisible();
    await page.keyboard.press('t');

    // Sentence 4: Enter, then "chaqueta" has no gloss: typed, Enter.
    await ready(page, ids[3]!);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('group', { name: 'Other senses of chaqueta' })).toBeVisible();
    await page.keyboard.type('jacket');
    await page.keyboard.press('Enter');

    // Saved by key.
    await ready(page, ids[4]!);
    await page.keyboard.press('s');
    await expect(page.getByText('Saved · version 2')).toBeVisible();

    // The rest: one key a sentence (saved by itself after ten).
    for (const id of ids.slice(4)) {
      await ready(page, id);
      await page.keyboard.press('Enter');
    }
    await ready(page, 'summary');
    await expect(page.getByRole('heading', { name: 'Nothing left to review' })).toBeVisible();
    await expect(left).toHaveText(['0 sentences', '0 translations', '0 glosses', '0 timings']);
    await expect(page.getByText(/^Saved · version \d+$/)).toBeVisible();
    await expect(page.getByText('Translations to approve').locator('xpath=..')).toContainText(
      '0 of 21',
    );
    await expect(page.getByText('Glosses to approve').locator('xpath=..')).toContainText('0 of');
    await expectNoAxeViolations(page);

    // What the studio's API now holds: every proposal approved, the corrections as made.
    const studio = await studioChapter(page.request, chapterId);
    expect(studio.summary).toMatchObject({ segmentsNeedingTranslation: 0, wordsNeedingGloss: 0 });
    const [first, second, third, fourth] = studio.transcript!.segments;
    expect(first).toMatchObject({ translation: RIGHT_TRANSLATION, translationSource: 'human' });
    expect(second!.words.find((word) => word.text === 'espera')).toMatchObject({
      gloss: 'to wait',
      glossSource: 'human',
    });
    expect(third!.words.find((word) => word.text === 'estudia')).not.toHaveProperty('confidence');
    expect(fourth!.words.find((word) => word.text === 'chaqueta')).toMatchObject({
      gloss: 'jacket',
      glossSource: 'human',
    });
    expect(
      studio.transcript!.segments.flatMap((segment) =>
        [segment.translationSource, ...segment.words.map((word) => word.glossSource)].filter(
          (source) => source === 'machine',
        ),
      ),
    ).toEqual([]);
  } finally {
    await page.request.delete(`/api/admin/stories/${storyId}`);
  }
});
