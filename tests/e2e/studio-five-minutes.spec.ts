import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { StudioChapter } from '#shared/contracts/studio';
import type { Transcript } from '#shared/transcript';
import { glossChoices } from '../../src/client/features/studio/rules/gloss-choices.ts';
import { wordLabels } from '../../src/client/features/studio/rules/labels.ts';
import { signedInLearner } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { lineItem, PLAYER_LAUNCH_OPTIONS, transcriptOf, wordSpan } from './support/player.ts';
import { reviewStateOf } from './support/publishing.ts';
import {
  acceptTiming,
  Administrator,
  approve,
  correctGloss,
  createStoryInWizard,
  editTranslation,
  fillMissingTranslations,
  publishFromDashboard,
  readSentence,
  saveNow,
  startReview,
  storyTitled,
  waitForAlignment,
  type ShownSentence,
} from './support/studio-admin.ts';
import { expectNoAxeViolations, signInAsAdmin, waitForApp } from './support/studio.ts';

/**
 * Issue 21's measure of done: a 5-minute chapter taken from its recording to a published lesson
 * through the real studio. The chapter is "El primer programa" of La voz de la montaña
 * (content/studio-stories/, decision 049): 5:05 of MP3 with an intro tune and departures from
 * the text, and its text as a .txt. An administrator makes the story in the wizard, the server
 * aligns it, "Fill missing translations" proposes the rest (Apertium where it is installed, else
 * the dictionary's glosses), the first sentences are reviewed with the keyboard only (a
 * translation rewritten, a gloss replaced by another sense, one typed, doubtful timings
 * accepted), and the story is published with the confirmation listing what is still unreviewed.
 * A learner then sees the unreviewed proposals marked "Machine translation".
 */

// The learner's player may start its audio from a click on a word without a further gesture.
test.use({ launchOptions: PLAYER_LAUNCH_OPTIONS });

const SOURCE = 'content/studio-stories/la-voz-de-la-montana';
const RECORDINGS = path.join(SOURCE, 'recordings');
const CHAPTER = 2;
const authored = (
  JSON.parse(fs.readFileSync(path.join(SOURCE, 'story.json'), 'utf8')) as {
    chapters: {
      title: string;
      sentences: { text: string; translation: string; words: { text: string; gloss: string }[] }[];
    }[];
  }
).chapters[CHAPTER - 1]!;
const SENTENCES = authored.sentences.length;
/** Reviewed before publishing: at least this many sentences, and a doubtful timing among them. */
const REVIEWED_AT_LEAST = 5;
const REVIEWED_AT_MOST = 20;

async function studioOf(page: Page, chapterId: string): Promise<StudioChapter> {
  const response = await page.request.get(`/api/admin/chapters/${chapterId}/studio`);
  expect(response.status()).toBe(200);
  return (await response.json()) as StudioChapter;
}

/** The author's gloss of a shown word (labels are the studio's: "la", "la (2)"). */
function authoredGloss(sentence: ShownSentence, label: string) {
  const words = authored.sentences[sentence.number - 1]!.words;
  return words[wordLabels(words).indexOf(label)]?.gloss;
}

test('an administrator takes a 5-minute recording and its text to a published lesson, reviewing with the keyboard, and a learner sees what is unreviewed marked as machine translation', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const started = Date.now();
  await signInAsAdmin(page);
  const admin = new Administrator(page);
  const title = `La voz de la montaña ${randomBytes(3).toString('hex')}`;
  let storyId: string | undefined;

  try {
    // The wizard: the story, its cover, the chapter's recording and its plain text.
    await createStoryInWizard(admin, {
      title,
      description: 'Elisa y sus alumnos hacen un programa de radio.',
      level: 'Intermediate',
      cover: path.join(RECORDINGS, 'cover.webp'),
      chapters: [
        {
          title: authored.title,
          audio: path.join(RECORDINGS, `chapter-${CHAPTER}.mp3`),
          text: path.join(RECORDINGS, `chapter-${CHAPTER}.txt`),
          sentences: SENTENCES,
        },
      ],
    });
    const inStudio = page.getByRole('region', { name: 'Continue in the Studio' });
    await expect(inStudio).toContainText('Aligning its text with the audio');
    const story = await storyTitled(page, title);
    storyId = story.id;
    const chapterId = story.chapters[0]!.id;

    // The studio follows the alignment to its end: every sentence timed.
    await inStudio.getByRole('link', { name: `Open in Studio: ${authored.title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: authored.title })).toBeVisible({
      timeout: 60_000,
    });
    const waited = await waitForAlignment(page, SENTENCES, 400_000);
    const aligned = await studioOf(page, chapterId);
    expect(aligned.version).toBe(1);
    expect(aligned.transcript!.segments.map((segment) => segment.text)).toEqual(
      authored.sentences.map((sentence) => sentence.text),
    );
    // The narration starts after a 5-second intro tune: no word is placed in it.
    expect(aligned.transcript!.segments[0]!.words[0]!.start).toBeGreaterThan(5);

    // Fill missing translations says what it did; with a translation service (Apertium here,
    // when installed) every sentence has a proposal, else the glosses do.
    const filled = await fillMissingTranslations(admin);
    const withService = aligned.translationServices.length > 0;
    if (withService) expect(filled).not.toMatch(/still missing/);
    else expect(filled).toContain('Sentences need a translation service');
    await expect(
      page.getByText(`${SENTENCES} sentences wait for review`, { exact: false }),
    ).toBeVisible();

    // Review mode, from the keyboard.
    let at = await startReview(admin);
    const first = await readSentence(page);
    expect(first.number).toBe(1);
    await expect(page.getByRole('article', { name: 'Sentence 1' })).toBeFocused();
    await expect
      .poll(() => page.evaluate(() => !document.querySelector('audio')!.paused), {
        message: 'the sentence plays on arrival',
      })
      .toBe(true);
    await expectNoAxeViolations(page);

    // Sentence 1: the translation rewritten as the author wrote it; a gloss replaced by another
    // of the word's senses (the first numbered gloss whose word has other senses).
    const rewritten = authored.sentences[0]!.translation;
    await editTranslation(admin, rewritten);
    await expect(page.getByRole('region', { name: 'Review' })).toContainText(rewritten);
    const firstWords = aligned.transcript!.segments[0]!.words;
    const textOf = (label: string) => firstWords[wordLabels(firstWords).indexOf(label)]!.text;
    const replaced = first.glosses.find(
      (gloss) => gloss.key !== null && glossChoices(textOf(gloss.label), gloss.gloss).length > 0,
    )!;
    expect(replaced, 'a gloss with other senses in sentence 1').toBeDefined();
    let chosenSense = '';
    await correctGloss(
      admin,
      replaced,
      (senses) => {
        chosenSense = senses[0]!;
        return 0;
      },
      '',
    );
    const reviewedIds: string[] = [];
    let typedGloss: { sentence: number; label: string; gloss: string } | null = null;
    let timingsAccepted = 0;
    let current = first;

    // Then sentence by sentence: one gloss typed (the author's), each doubtful timing accepted.
    while (
      at !== 'summary' &&
      reviewedIds.length < REVIEWED_AT_MOST &&
      (reviewedIds.length < REVIEWED_AT_LEAST || timingsAccepted === 0)
    ) {
      if (current.number > 1 && typedGloss === null) {
        const own = current.glosses.find((gloss) =>
          /^\p{L}/u.test(authoredGloss(current, gloss.label) ?? ''),
        );
        if (own) {
          const gloss = authoredGloss(current, own.label)!;
          await correctGloss(admin, own, () => null, gloss);
          typedGloss = { sentence: current.number, label: own.label, gloss };
        }
      }
      at = await approve(admin, current);
      while (at === 'asked') {
        await expect(page.getByText('The text is approved. Is this timing right?')).toBeVisible();
        at = await acceptTiming(admin, current);
        timingsAccepted += 1;
      }
      reviewedIds.push(current.id);
      if (at !== 'summary') current = await readSentence(page);
    }
    expect(timingsAccepted, 'a doubtful timing met and accepted').toBeGreaterThan(0);
    expect(typedGloss, 'a gloss typed').not.toBeNull();
    const version = await saveNow(admin);
    expect(version).toBeGreaterThan(1);

    // What the studio saved: the reviewed sentences are a person's, with the corrections made.
    const saved = (await studioOf(page, chapterId)).transcript!;
    const reviewed = saved.segments.slice(0, reviewedIds.length);
    expect(reviewed.map((segment) => segment.id)).toEqual(reviewedIds);
    expect(saved.segments[0]).toMatchObject({ translation: rewritten, translationSource: 'human' });
    expect(saved.segments[0]).not.toHaveProperty('translationOrigin');
    const replacedWord =
      saved.segments[0]!.words[wordLabels(saved.segments[0]!.words).indexOf(replaced.label)]!;
    expect(replacedWord).toMatchObject({ gloss: chosenSense, glossSource: 'human' });
    const typedSegment = saved.segments[typedGloss!.sentence - 1]!;
    expect(
      typedSegment.words[wordLabels(typedSegment.words).indexOf(typedGloss!.label)],
    ).toMatchObject({ gloss: typedGloss!.gloss, glossSource: 'human' });
    for (const segment of reviewed) {
      expect(segment.translationSource).toBe('human');
      expect(segment.words.filter((word) => word.glossSource === 'machine')).toEqual([]);
      expect(
        segment.words.filter((word) => word.confidence !== undefined && word.confidence < 0.5),
      ).toEqual([]);
    }

    // Publishing asks first, listing the chapter and what no one has reviewed yet.
    const state = await reviewStateOf(page.request, story.id, 'publish');
    const waiting = state.chapters[0]!.unreviewed;
    expect(waiting.machineTranslations + waiting.missingTranslations).toBe(
      SENTENCES - reviewedIds.length,
    );
    const listed = await publishFromDashboard(admin, title);
    expect(listed).toContain(`1. ${authored.title}`);
    expect(listed).toContain(
      withService
        ? `${waiting.machineTranslations} machine translations`
        : `${waiting.missingTranslations} sentences without a translation`,
    );
    expect(listed).toContain(`${waiting.machineGlosses} machine glosses`);

    // A learner: what was reviewed reads "From the story", what was not "Machine translation".
    const learnerContext = await browser.newContext({ baseURL });
    const learner = await learnerContext.newPage();
    try {
      await signedInLearner(learner);
      const transcript: Transcript = await transcriptOf(learner.request, chapterId);
      await learner.goto(`/player/${chapterId}`);
      await waitForApp(learner);
      await expect(learner.getByRole('heading', { level: 1, name: authored.title })).toBeVisible();

      const last = SENTENCES - 1;
      const unreviewed = transcript.segments[last]!;
      if (unreviewed.translation) {
        expect(unreviewed.translationSource).toBe('machine');
        await learner
          .getByRole('button', { name: `Translate line ${last + 1} of ${SENTENCES}` })
          .click();
        const slot = lineItem(learner, last).locator('[data-slot]');
        await expect(slot.getByText(unreviewed.translation, { exact: true })).toBeVisible();
        await expect(slot.getByText('Machine translation')).toBeVisible();
      }
      await learner.getByRole('button', { name: `Translate line 1 of ${SENTENCES}` }).click();
      const firstSlot = lineItem(learner, 0).locator('[data-slot]');
      await expect(firstSlot.getByText(rewritten, { exact: true })).toBeVisible();
      await expect(firstSlot.getByText('From the story')).toBeVisible();

      // A word of the unreviewed sentence: its dictionary gloss, marked.
      const machineWord = unreviewed.words.findIndex((word) => word.glossSource === 'machine');
      expect(machineWord).toBeGreaterThanOrEqual(0);
      await wordSpan(learner, last, machineWord).click();
      const popup = learner.getByRole('dialog', {
        name: unreviewed.words[machineWord]!.text,
        exact: true,
      });
      await expect(
        popup.getByText(unreviewed.words[machineWord]!.gloss!, { exact: true }),
      ).toBeVisible();
      await expect(popup.getByText('Machine translation')).toBeVisible();
    } finally {
      await learnerContext.close();
    }

    console.log(
      `studio-five-minutes: ${filled} Alignment waited ${waited.toFixed(0)} s; ${reviewedIds.length} sentences reviewed with ${admin.counts.keys} key presses, ${admin.counts.typed} characters typed; journey ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    if (storyId) await page.request.delete(`/api/admin/stories/${storyId}`);
  }
});
