import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { Locator, Page } from '@playwright/test';
import type { AdminStory } from '#shared/contracts/admin-stories';
import type { Chapter } from '#shared/contracts/stories';
import type { StudioChapter } from '#shared/contracts/studio';
import type { Transcript } from '#shared/transcript';
import { signedInLearner } from './support/accounts.ts';
import { listStories } from './support/demo-library.ts';
import { expect, test } from './support/fixtures.ts';
import { publishFromRow } from './support/publishing.ts';
import { createProposalsChapter, studioChapter } from './support/machine-proposals.ts';
import {
  currentTime,
  lineItem,
  pause,
  PLAYER_LAUNCH_OPTIONS,
  transcriptOf,
  waitForAudioMetadata,
  wordSpan,
} from './support/player.ts';
import {
  adminStory,
  createDraft,
  expectNoAxeViolations,
  farPosition,
  PREVIEW_BANNER,
  signInAsAdmin,
  waitForApp,
  wizardToChapters,
} from './support/studio.ts';

/**
 * The content studio (issue 11): a recording and its text become a synchronised, translated
 * chapter that learners hear highlighted word by word, checked in a preview before they see it;
 * drafts stay unseen; published stories change for learners only when their changes are
 * published; story packages go out and come back. Each journey works on stories of its own (the
 * demo library, which other journeys use, is only read).
 */

// The learner's player plays without a press on Play, so its clock advances under test control.
test.use({ launchOptions: PLAYER_LAUNCH_OPTIONS });

const fixture = (name: string) => path.resolve('tests/e2e/fixtures', name);
const RECORDING = 'un-lunes-de-lluvia.m4a';
const TEXT = fs.readFileSync(fixture('un-lunes-de-lluvia.txt'), 'utf8');
/** The four sentences' translations, as a person types them. */
const TRANSLATIONS = [
  'It is Monday and it is raining hard.',
  "Pablo waits for the eight o'clock bus, like every day.",
  'Pablo is nineteen and studies music at the university.',
  'He has no umbrella, and his jacket is wet.',
];
/** The word whose start the administrator moves: sentence 2, "Pablo espera el autobús…". */
const FIXED = { sentence: 1, word: 3, text: 'autobús' };
/** The highlight follows the audio clock frame by frame: a generous bound for a loaded machine. */
const HIGHLIGHT_TOLERANCE_SECONDS = 0.25;

const valueOf = async (slider: Locator) => Number(await slider.getAttribute('aria-valuenow'));

async function storyByTitle(page: Page, title: string): Promise<AdminStory> {
  const response = await page.request.get('/api/admin/stories');
  const { stories } = (await response.json()) as { stories: AdminStory[] };
  const story = stories.find((candidate) => candidate.title === title);
  if (!story) throw new Error(`no story titled ${title}`);
  return story;
}

/** The dashboard narrowed to one story, and that story's row. */
async function dashboardRow(page: Page, title: string) {
  await page.goto('/admin/content');
  await page.getByRole('searchbox', { name: 'Search stories' }).fill(title);
  const row = page.getByRole('row', { name: new RegExp(title) }).first();
  await expect(row).toBeVisible();
  return row;
}

/**
 * Records the audio clock at the moment a word's highlight appears: a MutationObserver on its
 * `data-active`, so the time is read when the highlight changes, not when the test next looks.
 */
/**
 * When `word` is first highlighted: the audio's time then, and at the last animation frame before
 * (sampled by a frame loop of the page's own). On a busy machine frames can come far apart, so
 * the time at the change alone may run past the word's start by a whole frame gap; the time of the
 * frame before says whether the player was late or the frames were.
 */
async function recordHighlightTime(page: Page, word: Locator) {
  await word.evaluate((element) => {
    const audio = document.querySelector('audio')!;
    const marks = window as unknown as {
      __highlight?: { at: number; frameBefore: number };
      __lastFrame?: number;
    };
    const sample = () => {
      if (marks.__highlight) return;
      if (!element.hasAttribute('data-active')) marks.__lastFrame = audio.currentTime;
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
    new MutationObserver(() => {
      if (element.hasAttribute('data-active') && marks.__highlight === undefined) {
        marks.__highlight = { at: audio.currentTime, frameBefore: marks.__lastFrame ?? 0 };
      }
    }).observe(element, { attributes: true, attributeFilter: ['data-active'] });
  });
  return () =>
    page.evaluate(
      () =>
        (window as unknown as { __highlight?: { at: number; frameBefore: number } }).__highlight ??
        null,
    );
}

test('an administrator turns a recording and its text into a published chapter that a learner hears highlighted at the aligned times', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await signInAsAdmin(page);
  const tag = randomBytes(3).toString('hex');
  const title = `Un lunes ${tag}`;
  let storyId: string | undefined;

  try {
    // The wizard: a story with one chapter and its recording (the duration is not typed).
    await wizardToChapters(page, title);
    await page.getByRole('button', { name: 'Add Chapter' }).click();
    const chapterCard = page.getByRole('group', { name: 'Chapter 1' });
    await expect(chapterCard.getByRole('spinbutton')).toHaveCount(0);
    await chapterCard.getByLabel('Audio file for chapter 1').setInputFiles(fixture(RECORDING));
    await expect(chapterCard.getByText(RECORDING)).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Create Story' }).click();
    await expect(page.getByRole('heading', { name: 'Story Created Successfully!' })).toBeVisible();
    const created = await storyByTitle(page, title);
    storyId = created.id;
    const chapterId = created.chapters[0]!.id;

    // The dashboard: the chapter opens in the studio.
    const row = await dashboardRow(page, title);
    await row.getByRole('button', { name: `Chapters of "${title}": 1` }).click();
    await page.getByRole('link', { name: 'Open in Studio: Chapter 1' }).click();
    await expect(page).toHaveURL(`/admin/chapters/${chapterId}/studio`);
    await expect(page.getByRole('heading', { level: 1, name: 'Chapter 1' })).toBeVisible();

    // The text in, the alignment started; its progress bar runs to the end.
    await page.getByLabel('Spanish text').fill(TEXT);
    await page.getByRole('button', { name: 'Start alignment' }).click();
    const progress = page.getByRole('progressbar', { name: 'Alignment progress' });
    await expect(progress).toBeVisible();
    const seen: number[] = [];
    await expect
      .poll(
        async () => {
          const percent = await valueOf(progress);
          seen.push(percent);
          return percent;
        },
        { message: 'alignment progress', timeout: 180_000, intervals: [200] },
      )
      .toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    await expect(page.getByText('Finished', { exact: true })).toBeVisible();
    await expect(page.getByText(/4 sentences and \d+ words aligned as version 1\./)).toBeVisible();

    // One word's start, moved with the keyboard: two small steps right and one large one.
    const sentence = page.getByRole('article', { name: `Sentence ${FIXED.sentence + 1}` });
    await sentence.getByRole('button', { name: 'Words and timing' }).click();
    const start = page.getByRole('slider', { name: `Start of ${FIXED.text}` });
    await expect(start).toBeVisible();
    const aligned = await valueOf(start);
    await start.focus();
    for (const [key, expected] of [
      ['ArrowRight', aligned + 0.01],
      ['ArrowRight', aligned + 0.02],
      ['Shift+ArrowRight', aligned + 0.07],
    ] as const) {
      await start.press(key);
      await expect.poll(() => valueOf(start)).toBeCloseTo(expected, 3);
    }
    const fixedStart = await valueOf(start);

    // Translations: the machine's glosses approved, each sentence's translation written, or
    // approved where the site's translation memory already offers it (the demo library holds
    // these sentences approved: decision 045).
    await page.getByRole('button', { name: 'Fill missing translations' }).click();
    await expect(page.getByRole('button', { name: 'Fill missing translations' })).toBeEnabled();
    for (const [index, translation] of TRANSLATIONS.entries()) {
      const card = page.getByRole('article', { name: `Sentence ${index + 1}` });
      const field = card.getByLabel('English translation');
      if ((await field.inputValue()) === translation) {
        await card.getByRole('button', { name: 'Approve translation' }).click();
      } else await field.fill(translation);
      const approveGlosses = card.getByRole('button', { name: 'Approve all glosses' });
      if ((await approveGlosses.count()) > 0) await approveGlosses.click();
    }
    await page.getByRole('button', { name: 'Save transcript' }).click();
    await expect(page.getByText('Saved · version 2')).toBeVisible();
    const translationsLeft = page.getByText('Translations to approve').locator('xpath=..');
    await expect(translationsLeft).toContainText('0 of 4');
    await expectNoAxeViolations(page);

    // What the editor saved is what the studio's API holds.
    const studio = (await (
      await page.request.get(`/api/admin/chapters/${chapterId}/studio`)
    ).json()) as StudioChapter;
    const savedWord = studio.transcript!.segments[FIXED.sentence]!.words[FIXED.word]!;
    expect(savedWord.text).toBe(FIXED.text);
    expect(savedWord.start).toBeCloseTo(fixedStart, 3);
    expect(studio.transcript!.segments.map((segment) => segment.translation)).toEqual(TRANSLATIONS);

    // The preview: the real player, marked, before any learner can see the story.
    const [preview] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: /^Preview/ }).click(),
    ]);
    await waitForApp(preview);
    await expect(preview).toHaveURL(`/player/${chapterId}?preview=1`);
    await expect(preview.getByText(PREVIEW_BANNER)).toBeVisible();
    await expect(lineItem(preview, 0)).toContainText('Es lunes y llueve mucho.');
    await expectNoAxeViolations(preview);
    await preview.close();
    // Learners cannot reach the draft's chapter yet.
    const visitor = await browser.newContext({ baseURL });
    expect((await visitor.request.get(`/api/chapters/${chapterId}`)).status()).toBe(404);
    await visitor.close();

    // Published from the dashboard (confirming what is left unreviewed, if anything).
    await publishFromRow(page, await dashboardRow(page, title), { id: storyId, title });

    // A learner hears it: the fixed word lights up when the audio reaches its start.
    const learnerContext = await browser.newContext({ baseURL });
    const learner = await learnerContext.newPage();
    try {
      await signedInLearner(learner);
      // The chapter's length is the recording's (18.2 s), never typed.
      const chapter = await learner.request.get(`/api/chapters/${chapterId}`);
      expect(((await chapter.json()) as { chapter: Chapter }).chapter.duration).toBe(18);
      const transcript: Transcript = await transcriptOf(learner.request, chapterId);
      const word = transcript.segments[FIXED.sentence]!.words[FIXED.word]!;
      expect(word.text).toBe(FIXED.text);
      expect(word.start).toBeCloseTo(fixedStart, 3);

      await learner.goto(`/player/${chapterId}`);
      await waitForApp(learner);
      await expect(learner.getByRole('heading', { level: 1, name: 'Chapter 1' })).toBeVisible();
      await expect(learner.getByText(PREVIEW_BANNER)).toHaveCount(0);
      await waitForAudioMetadata(learner);
      const fixedSpan = wordSpan(learner, FIXED.sentence, FIXED.word);
      await expect(fixedSpan).toHaveText(FIXED.text);
      const highlightedAt = await recordHighlightTime(learner, fixedSpan);
      // A click on the sentence's first word plays from there, towards the fixed word.
      await wordSpan(learner, FIXED.sentence, 0).click();
      await expect.poll(highlightedAt, { timeout: 15_000 }).not.toBeNull();
      const { at, frameBefore } = (await highlightedAt())!;
      // Never early; and not late: at the frame before the highlight the word had not long begun.
      expect(at).toBeGreaterThanOrEqual(word.start - 0.02);
      expect(frameBefore - word.start).toBeLessThanOrEqual(HIGHLIGHT_TOLERANCE_SECONDS);
    } finally {
      await learnerContext.close();
    }
  } finally {
    if (storyId) await page.request.delete(`/api/admin/stories/${storyId}`);
  }
});

/** The demo's "Un lunes de lluvia" and its recording: a chapter timed word by word. */
const DEMO = 'content/generated/el-paraguas-rojo';

/**
 * What the player shows while the audio runs, read at every animation frame of the page: the
 * lit word (global index, -1 for none) and line, with the audio's time then and at the frame
 * before; every word that is ever lit; and where each seek starts playing.
 */
async function watchPlayer(page: Page) {
  await page.evaluate(() => {
    const audio = document.querySelector('audio')!;
    const watch = {
      frames: [] as { time: number; before: number; word: number; line: number }[],
      lit: [] as number[],
      seeks: [] as number[],
    };
    (window as unknown as { __watch: typeof watch }).__watch = watch;
    let before = audio.currentTime;
    const sample = () => {
      const word = document.querySelector<HTMLElement>('[data-w][data-active]');
      const line = document.querySelector<HTMLElement>('li[data-s][aria-current="true"]');
      const time = audio.currentTime;
      watch.frames.push({
        time,
        before,
        word: word ? Number(word.dataset.w) : -1,
        line: line ? Number(line.dataset.s) : -1,
      });
      before = time;
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
    new MutationObserver((changes) => {
      for (const change of changes) {
        const element = change.target as HTMLElement;
        if (element.hasAttribute('data-active')) watch.lit.push(Number(element.dataset.w));
      }
    }).observe(document.querySelector('ol.tr-root')!, {
      subtree: true,
      attributes: true,
      attributeFilter: ['data-active'],
    });
    audio.addEventListener('seeking', () => watch.seeks.push(audio.currentTime));
  });
  return () =>
    page.evaluate(
      () =>
        (
          window as unknown as {
            __watch: {
              frames: { time: number; before: number; word: number; line: number }[];
              lit: number[];
              seeks: number[];
            };
          }
        ).__watch,
    );
}

test('an administrator accepts a doubtful word with one key; learners hear a word left doubtful with its line lit, not the word', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const demo = JSON.parse(fs.readFileSync(path.join(DEMO, 'chapter-1.json'), 'utf8')) as Transcript;
  // As the aligner leaves them: "estudia" (sentence 3) squeezed, "autobús" (sentence 2) in music.
  const doubted: Transcript = {
    segments: demo.segments.map((segment, s) => ({
      ...segment,
      words: segment.words.map((word) =>
        s === 2 && word.text === 'estudia'
          ? { ...word, confidence: 0.3, timingDoubt: 'squeezed' as const }
          : s === 1 && word.text === 'autobús'
            ? { ...word, confidence: 0.4, timingDoubt: 'music' as const }
            : word,
      ),
    })),
  };
  const { storyId, chapterId } = await createProposalsChapter(page.request, {
    storyTitle: 'Dudas',
    title: 'Un lunes de lluvia',
    audioPath: path.join(DEMO, 'chapter-1.m4a'),
    transcript: doubted,
  });

  try {
    // The full editor: Next doubtful goes to the least confident word and says why.
    await page.goto(`/admin/chapters/${chapterId}/studio`);
    await expect(page.getByRole('heading', { level: 1, name: 'Un lunes de lluvia' })).toBeVisible();
    await expect(page.getByText('2 doubtful places')).toBeVisible();
    await page.getByRole('button', { name: 'Next doubtful' }).click();
    const estudia = page.getByRole('slider', { name: 'Start of estudia' });
    await expect(estudia).toBeFocused();
    const squeezed = 'Doubtful timing: the word got almost no time (squeezed).';
    await expect(estudia).toHaveAccessibleDescription(squeezed);
    await expect(
      page.getByRole('list', { name: 'Words of sentence 3' }).getByText(squeezed),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // It is right: T accepts it, and the editor goes on to the next doubtful word.
    await page.keyboard.press('t');
    await expect(
      page.getByText(
        'Timing of “estudia” accepted. Doubtful word “autobús” in sentence 2, confidence 40%: music or noise is heard around the word.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('slider', { name: 'Start of autobús' })).toBeFocused();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await expect(page.getByText('1 doubtful place')).toBeVisible();
    await page.getByRole('button', { name: 'Save transcript' }).click();
    await expect(page.getByText('Saved · version 2')).toBeVisible();
    const saved = (await studioChapter(page.request, chapterId)).transcript!;
    const estudiaSaved = saved.segments[2]!.words.find((word) => word.text === 'estudia')!;
    expect(estudiaSaved).not.toHaveProperty('confidence');
    expect(estudiaSaved).not.toHaveProperty('timingDoubt');

    // Published with "autobús" still doubtful (the confirmation lists it).
    const { title } = await adminStory(page.request, storyId);
    await publishFromRow(page, await dashboardRow(page, title), { id: storyId, title });

    const learnerContext = await browser.newContext({ baseURL });
    const learner = await learnerContext.newPage();
    try {
      await signedInLearner(learner);
      // The published timing says the word is doubtful (decision 050: nothing stripped).
      const published = await transcriptOf(learner.request, chapterId);
      const line = published.segments[1]!;
      const autobus = line.words[3]!;
      expect(autobus).toMatchObject({ text: 'autobús', confidence: 0.4 });
      const first = published.segments[0]!.words.length;
      const global = (word: number) => first + word;

      await learner.goto(`/player/${chapterId}`);
      await waitForApp(learner);
      await waitForAudioMetadata(learner);
      const watched = await watchPlayer(learner);
      // A click on the doubtful word plays from its line's start, and on through the word.
      await wordSpan(learner, 1, 3).click();
      await expect
        .poll(() => currentTime(learner), { timeout: 15_000 })
        .toBeGreaterThan(autobus.end + 0.3);
      await pause(learner);
      const { frames, lit, seeks } = await watched();
      expect(seeks[0]).toBeCloseTo(line.start, 2);

      // The words around it were lit; "autobús" never was.
      expect(lit).toEqual(expect.arrayContaining([global(0), global(1), global(2), global(4)]));
      expect(lit).not.toContain(global(3));
      // While it was said (a frame and the one before both inside it), its line alone was lit.
      const during = frames.filter(
        (frame) =>
          frame.before > autobus.start + 0.05 &&
          frame.time < autobus.end - 0.05 &&
          frame.time >= frame.before,
      );
      expect(during.length, 'frames drawn while "autobús" was said').toBeGreaterThan(0);
      for (const frame of during) expect(frame).toMatchObject({ word: -1, line: 1 });
    } finally {
      await learnerContext.close();
    }
  } finally {
    await page.request.delete(`/api/admin/stories/${storyId}`);
  }
});

test('a draft is found by administrators only, as a marked preview; anyone else gets not found, even with ?preview=1', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const tag = randomBytes(3).toString('hex');
  const draft = await createDraft(page.request, {
    title: `Borrador ${tag}`,
    description: 'Una historia que nadie ha visto.',
    level: 'Beginner',
    position: farPosition(),
    chapters: [{ title: 'Uno' }],
  });
  const chapterId = draft.chapters[0]!.id;
  const learnerContext = await browser.newContext({ baseURL });
  const visitorContext = await browser.newContext({ baseURL });
  try {
    // The administrator's preview: the real story page, marked.
    await page.goto(`/story/${draft.slug}?preview=1`);
    await expect(page.getByRole('heading', { level: 1, name: draft.title })).toBeVisible();
    await expect(page.getByText(PREVIEW_BANNER)).toBeVisible();
    await expectNoAxeViolations(page);
    // Without ?preview=1 even an administrator sees what learners see: nothing.
    expect((await page.request.get(`/api/stories/by-slug/${draft.slug}`)).status()).toBe(404);

    const learner = await learnerContext.newPage();
    await signedInLearner(learner);
    for (const request of [learner.request, visitorContext.request]) {
      expect((await request.get(`/api/stories/by-slug/${draft.slug}?preview=1`)).status()).toBe(
        404,
      );
      expect((await request.get(`/api/stories/${draft.id}?preview=1`)).status()).toBe(404);
      expect((await request.get(`/api/chapters/${chapterId}?preview=1`)).status()).toBe(404);
    }
    await learner.goto(`/story/${draft.slug}?preview=1`);
    await waitForApp(learner);
    await expect(learner.getByText('Story not found')).toBeVisible();
    await expect(learner).toHaveURL('/library');
    await expect(learner.getByText(PREVIEW_BANNER)).toHaveCount(0);
  } finally {
    await learnerContext.close();
    await visitorContext.close();
    await page.request.delete(`/api/admin/stories/${draft.id}`);
  }
});

test('editing a published story changes nothing for learners until its changes are published', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const tag = randomBytes(3).toString('hex');
  const title = `Cambios ${tag}`;
  const before = 'Lo que los estudiantes leen hoy.';
  const after = 'Lo que leerán cuando se publique.';
  const draft = await createDraft(page.request, {
    title,
    description: before,
    level: 'Intermediate',
    position: farPosition(),
    chapters: [{ title: 'Uno' }],
  });
  const visitorContext = await browser.newContext({ baseURL });
  try {
    expect(
      (await page.request.post(`/api/admin/stories/${draft.id}/requires-login`)).status(),
    ).toBe(200);
    expect((await page.request.post(`/api/admin/stories/${draft.id}/status`)).status()).toBe(200);
    const visitor = await visitorContext.newPage();
    const readDescription = async () => {
      await visitor.goto(`/story/${draft.slug}`);
      await waitForApp(visitor);
      await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    };
    await readDescription();
    await expect(visitor.getByText(before)).toBeVisible();

    // The administrator edits the working copy.
    const current = await adminStory(page.request, draft.id);
    const edited = await page.request.put(`/api/admin/stories/${draft.id}`, {
      data: {
        title,
        description: after,
        level: current.level,
        position: current.position,
        chapters: current.chapters.map(({ id, title: chapterTitle }) => ({
          id,
          title: chapterTitle,
        })),
      },
    });
    expect(edited.status(), await edited.text()).toBe(200);
    await readDescription();
    await expect(visitor.getByText(before)).toBeVisible();
    await expect(visitor.getByText(after)).toHaveCount(0);

    // The dashboard says so, and publishes the changes after asking.
    const row = await dashboardRow(page, title);
    await expect(row.getByText('Unpublished changes')).toBeVisible();
    await row.getByRole('button', { name: `Chapters of "${title}": 1` }).click();
    await expect(
      page.getByRole('list', { name: `Chapters of "${title}"` }).getByRole('link', {
        name: 'Open in Studio: Uno',
      }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await row.getByRole('button', { name: `Publish changes to "${title}"` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Publish Changes' });
    await expect(dialog).toContainText(`Learners will see "${title}" as it is now`);
    await dialog.getByRole('button', { name: 'Publish Changes' }).click();
    await expect(page.getByText('Changes Published')).toBeVisible();
    await expect(row.getByText('Unpublished changes')).toHaveCount(0);

    await readDescription();
    await expect(visitor.getByText(after)).toBeVisible();
  } finally {
    await visitorContext.close();
    await page.request.delete(`/api/admin/stories/${draft.id}`);
  }
});

test('a story package exported from the site imports as a new draft with the same chapters, and exports back the same', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const tag = randomBytes(3).toString('hex');
  const source = (await listStories(page.request)).find(
    (story) => story.slug === 'el-paraguas-rojo',
  );
  if (!source) throw new Error('the demo story el-paraguas-rojo is not listed');

  // The demo story's package, given a slug and a title of its own so it imports as a new draft.
  const exported = await page.request.get(`/api/admin/stories/${source.id}/export`);
  expect(exported.status()).toBe(200);
  expect(exported.headers()['content-type']).toContain('application/zip');
  const files = unzipSync(new Uint8Array(await exported.body()));
  const storyFile = Object.keys(files).find((name) => name.endsWith('story.json'))!;
  const story = JSON.parse(strFromU8(files[storyFile]!)) as Record<string, unknown>;
  const title = `Paraguas importado ${tag}`;
  const renamed = { ...story, slug: `paraguas-importado-${tag}`, title, position: farPosition() };
  files[storyFile] = strToU8(JSON.stringify(renamed, null, 2));
  const archive = Buffer.from(zipSync(files));

  let importedId: string | undefined;
  try {
    await page.goto('/admin/content');
    await page.getByLabel('Story package (.zip)').setInputFiles({
      name: `paraguas-${tag}.zip`,
      mimeType: 'application/zip',
      buffer: archive,
    });
    await expect(page.getByText('Story Imported')).toBeVisible();
    await expect(
      page.getByText(`"${title}" was imported as a draft with ${source.chapters.length} chapters.`),
    ).toBeVisible();
    const imported = await storyByTitle(page, title);
    importedId = imported.id;
    expect(imported.status).toBe('draft');
    await page.getByRole('searchbox', { name: 'Search stories' }).fill(title);
    await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();

    // The same chapters, texts, times and translations as the demo story learners hear.
    const byPosition = <T extends { position: number }>(list: T[]) =>
      [...list].sort((a, b) => a.position - b.position);
    const original = byPosition(source.chapters);
    const copies = byPosition(imported.chapters);
    expect(copies.map((chapter) => chapter.title)).toEqual(
      original.map((chapter) => chapter.title),
    );
    for (const [index, copy] of copies.entries()) {
      const studio = (await (
        await page.request.get(`/api/admin/chapters/${copy.id}/studio`)
      ).json()) as StudioChapter;
      const published = await transcriptOf(page.request, original[index]!.id);
      const essentials = (transcript: Transcript) =>
        transcript.segments.map((segment) => ({
          text: segment.text,
          translation: segment.translation,
          start: segment.start,
          end: segment.end,
          words: segment.words.map(({ text, start, end, gloss }) => ({ text, start, end, gloss })),
        }));
      expect(essentials(studio.transcript!)).toEqual(essentials(published));
    }

    // Exported again from the dashboard: the package that came in.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: `Export "${title}" as a story package` }).click();
    const saved = await (await download).path();
    const again = unzipSync(new Uint8Array(fs.readFileSync(saved)));
    const againStory = Object.keys(again).find((name) => name.endsWith('story.json'))!;
    const { position: _position, ...withoutPosition } = renamed;
    expect(JSON.parse(strFromU8(again[againStory]!))).toMatchObject(withoutPosition);
  } finally {
    if (importedId) await page.request.delete(`/api/admin/stories/${importedId}`);
  }
});
