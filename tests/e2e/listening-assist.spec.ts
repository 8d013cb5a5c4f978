import type { Page } from '@playwright/test';
import type { Transcript } from '#shared/transcript';
import { axeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { signedInLearner } from './support/accounts';
import { openStoryFirstChapter } from './support/demo-library';
import {
  audioElement,
  audioState,
  currentTime,
  lineItem,
  openPlayer,
  PLAYER_LAUNCH_OPTIONS,
  storedProgress,
  transcriptOf,
  wordSpan,
} from './support/player';

// Audio must play without a user gesture for the clock to advance under script control.
test.use({ launchOptions: PLAYER_LAUNCH_OPTIONS });

const assistRegion = (page: Page) => page.getByRole('region', { name: 'Listening assist' });

/** Opens the open demo chapter in the player with the listening assist's panel open. */
async function openPlayerWithAssist(page: Page) {
  const { chapter } = await openStoryFirstChapter(page.request);
  const transcript = await transcriptOf(page.request, chapter.id);
  await openPlayer(page, chapter);
  const assist = assistRegion(page);
  await assist.getByRole('button', { name: 'Listening assist' }).click();
  await expect(assist.getByRole('switch', { name: 'Repeat the current line' })).toBeVisible();
  return { chapter, transcript, assist };
}

/** A line of at least `minimum` seconds (not the first), so a second of it can play. */
function lineOfAtLeast(transcript: Transcript, minimum: number) {
  const index = transcript.segments.findIndex(
    (segment, s) => s > 0 && segment.end - segment.start >= minimum,
  );
  if (index < 0) throw new Error(`no line of ${minimum} s`);
  return { index, line: transcript.segments[index]! };
}

/**
 * Seeks to `time` and plays (as a click on a word would), returning once playback has started:
 * on a busy machine a poll of `paused` could first look after an auto-pause had already stopped it.
 */
async function playFrom(page: Page, time: number) {
  await audioElement(page).evaluate(
    (audio: HTMLAudioElement, at: number) =>
      new Promise<void>((resolve, reject) => {
        audio.addEventListener('playing', () => resolve(), { once: true });
        audio.currentTime = at;
        audio.play().catch(reject);
      }),
    time,
  );
}

/** Records every seek (its target) and every pause/play (with the page's clock, ms). */
async function recordMedia(page: Page) {
  await audioElement(page).evaluate((audio: HTMLAudioElement) => {
    const log = { seeks: [] as number[], events: [] as Array<[string, number, number]> };
    (window as unknown as { __media: typeof log }).__media = log;
    audio.addEventListener('seeking', () => log.seeks.push(audio.currentTime));
    for (const type of ['pause', 'play'])
      audio.addEventListener(type, () =>
        log.events.push([type, performance.now(), audio.currentTime]),
      );
  });
  return () =>
    page.evaluate(
      () =>
        (
          window as unknown as {
            __media: { seeks: number[]; events: Array<[string, number, number]> };
          }
        ).__media,
    );
}

test.describe('listening assist', () => {
  test('repeat: the line restarts at its start when it ends', async ({ page }) => {
    const { transcript, assist } = await openPlayerWithAssist(page);
    const { line } = lineOfAtLeast(transcript, 1.5);
    await assist.getByRole('switch', { name: 'Repeat the current line' }).click();
    await expect(assist.getByRole('switch', { name: 'Repeat the current line' })).toBeChecked();

    const media = await recordMedia(page);
    await playFrom(page, line.end - 1);
    // The loop's seek goes back to the line's start, and playback goes on from there.
    await expect
      .poll(async () => (await media()).seeks.some((seek) => Math.abs(seek - line.start) < 0.01), {
        message: `a seek back to ${line.start}`,
        timeout: 10_000,
      })
      .toBe(true);
    const after = await audioState(page);
    expect(after.paused).toBe(false);
    expect(after.currentTime).toBeGreaterThanOrEqual(line.start);
    expect(after.currentTime).toBeLessThan(line.end);
    // Still the same line a moment later: it did not go on to the next.
    await expect.poll(() => currentTime(page)).toBeGreaterThan(line.start + 0.2);
    expect(await currentTime(page)).toBeLessThan(line.end + 0.3);
  });

  test('auto-pause: playback stops at the end of the line', async ({ page }) => {
    const { transcript, assist } = await openPlayerWithAssist(page);
    const { index, line } = lineOfAtLeast(transcript, 1.5);
    await assist.getByRole('radio', { name: 'Pause (auto-pause)' }).check();

    await playFrom(page, line.end - 1);
    await expect.poll(async () => (await audioState(page)).paused, { timeout: 10_000 }).toBe(true);
    const stoppedAt = await currentTime(page);
    expect(stoppedAt).toBeGreaterThanOrEqual(line.end - 0.1);
    expect(stoppedAt).toBeLessThan(line.end + 0.3);
    await expect(assist.getByRole('status')).toHaveText(
      `Paused after line ${index + 1}. Press play for the next line.`,
    );

    // The setting holds on the next visit (the next chapter opens the same way).
    await page.reload();
    await expect(lineItem(page, 0)).toBeVisible();
    await expect(assistRegion(page).getByText('Auto-pause', { exact: true })).toBeVisible();
  });

  test('shadowing: a pause as long as the line plus a margin, then playback goes on by itself', async ({
    page,
  }) => {
    const { transcript, assist } = await openPlayerWithAssist(page);
    const { index, line } = lineOfAtLeast(transcript, 1.5);
    await assist.getByRole('radio', { name: 'Shadowing: pause to repeat it' }).check();

    const media = await recordMedia(page);
    await playFrom(page, line.end - 1);
    await expect.poll(async () => (await audioState(page)).paused, { timeout: 10_000 }).toBe(true);
    await expect(assist.getByRole('status')).toContainText(
      `Your turn: say line ${index + 1} aloud.`,
    );
    // It plays again without anyone pressing play.
    await expect.poll(async () => (await audioState(page)).paused, { timeout: 30_000 }).toBe(false);
    await expect(assist.getByRole('status')).not.toContainText(`say line ${index + 1} aloud`);

    // The first pause is the shadowing pause; the play after it is its own resume.
    const { events } = await media();
    const pauseAt = events.findIndex(([type]) => type === 'pause');
    const pause = events[pauseAt]!;
    const resume = events.slice(pauseAt).find(([type]) => type === 'play')!;
    const expectedMs = (line.end - line.start + 1) * 1000;
    expect(resume[1] - pause[1]).toBeGreaterThanOrEqual(expectedMs - 100);
    expect(resume[1] - pause[1]).toBeLessThan(expectedMs + 3000);
    // It goes on from where it paused: the next line.
    expect(resume[2]).toBeGreaterThanOrEqual(line.end - 0.1);
  });

  test('listen first hides the lines until a click reveals one, or the whole transcript', async ({
    page,
  }) => {
    const { assist } = await openPlayerWithAssist(page);
    await assist.getByRole('radio', { name: 'Hide each line until revealed' }).check();

    const body = (s: number) => lineItem(page, s).locator('.tr-body');
    await expect(body(1)).toHaveCSS('filter', /blur/);
    await wordSpan(page, 1, 0).click();
    await expect(lineItem(page, 1)).toHaveAttribute('data-revealed', '');
    await expect(body(1)).toHaveCSS('filter', 'none');
    await expect(body(2)).toHaveCSS('filter', /blur/);
    // The click revealed the line; it did not start playback.
    expect((await audioState(page)).paused).toBe(true);

    // From the keyboard: Enter on a hidden word (the transcript's focusable one) reveals its line.
    await expect(body(0)).toHaveCSS('filter', /blur/);
    await page.locator('[data-w][tabindex="0"]').focus();
    await page.keyboard.press('Enter');
    await expect(lineItem(page, 0)).toHaveAttribute('data-revealed', '');
    await expect(body(0)).toHaveCSS('filter', 'none');
    expect((await audioState(page)).paused).toBe(true);

    await assist.getByRole('radio', { name: 'Hide the whole transcript' }).check();
    await expect(lineItem(page, 0)).toBeHidden();
    await assist.getByRole('button', { name: 'Show the transcript' }).click();
    await expect(lineItem(page, 0)).toBeVisible();
    // The option says what the page shows: the text (issue 14).
    await expect(assist.getByRole('radio', { name: 'Show the text' })).toBeChecked();
    await expect(body(0)).toHaveCSS('filter', 'none');
  });

  test('the shortcuts help lists every description left-aligned in one column', async ({
    page,
    makeAxeBuilder,
  }) => {
    const { chapter } = await openStoryFirstChapter(page.request);
    await openPlayer(page, chapter);
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    const help = page.getByRole('dialog').filter({ hasText: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    const descriptions = help.locator('dd');
    const lefts = await descriptions.evaluateAll((elements) =>
      elements.map((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        // Where the text starts: one-line and wrapped descriptions alike.
        return Math.round(range.getClientRects()[0]!.left);
      }),
    );
    expect(lefts.length).toBeGreaterThan(5);
    expect(new Set(lefts).size).toBe(1);
    expect(await axeViolations(makeAxeBuilder())).toEqual([]);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`accessibility of the player with the assist panel open, ${theme} theme`, async ({
      page,
      makeAxeBuilder,
    }) => {
      await page.addInitScript(
        (value) => window.localStorage.setItem('relatos.theme', value),
        theme,
      );
      const { assist } = await openPlayerWithAssist(page);
      await assist.getByRole('radio', { name: 'Pause (auto-pause)' }).check();
      await assist.getByRole('radio', { name: 'Hide each line until revealed' }).check();
      await assist.getByRole('combobox', { name: 'Sleep timer' }).selectOption('chapter-end');
      await expect(assist.getByText(/left$/)).toBeVisible();
      expect(await axeViolations(makeAxeBuilder())).toEqual([]);
    });
  }
});

test.describe("a chapter's end", () => {
  test('with auto-play on, a sleep timer set to the end of the chapter stops there; without it the next chapter plays', async ({
    page,
  }) => {
    await signedInLearner(page);
    const preferences = await page.request.patch('/api/me/preferences', {
      data: { autoPlayNext: true },
    });
    expect(preferences.status()).toBe(200);
    const { story, chapter } = await openStoryFirstChapter(page.request);
    const next = [...story.chapters].sort((a, b) => a.position - b.position)[1]!;
    const { assist } = await openPlayerWithAssist(page);
    const { duration } = await audioState(page);

    await assist.getByRole('combobox', { name: 'Sleep timer' }).selectOption('chapter-end');
    await playFrom(page, duration - 1.5);
    await expect(assist.getByRole('status')).toHaveText('Sleep timer: playback paused.', {
      timeout: 15_000,
    });
    await expect(assist.getByRole('combobox', { name: 'Sleep timer' })).toHaveValue('off');
    // Saved as listened to the end, back at the start, and still this chapter.
    await expect
      .poll(async () => (await storedProgress(page.request, chapter.id))?.completed)
      .toBe(true);
    expect(await currentTime(page)).toBe(0);
    await expect(page.getByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
    expect((await audioState(page)).paused).toBe(true);

    await playFrom(page, duration - 1.5);
    await expect(page.getByRole('heading', { level: 1, name: next.title })).toBeVisible({
      timeout: 15_000,
    });
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
  });
});
