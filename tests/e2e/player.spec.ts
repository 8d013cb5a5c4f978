import type AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { signedInLearner } from './support/accounts';
import { openStoryFirstChapter } from './support/demo-library';
import { saveProgress } from './support/discover';
import {
  activeLine,
  activeWord,
  audioElement,
  audioState,
  currentTime,
  demoTranscript,
  lineItem,
  openPlayer,
  pause,
  playerBar,
  playUntil,
  PLAYER_LAUNCH_OPTIONS,
  queuedSaves,
  recordProgressSaves,
  seekForwardWithSlider,
  signInOnlyFirstChapter,
  storedProgress,
  transcriptOf,
  waitForAudioMetadata,
  wordAt,
  wordSpan,
} from './support/player';

// Audio must play without a user gesture for the clock to advance under script control.
test.use({ launchOptions: PLAYER_LAUNCH_OPTIONS });

/** Records the position of every seek the page's audio starts (currentTime at `seeking`). */
async function recordSeeks(page: Page) {
  await audioElement(page).evaluate((audio: HTMLAudioElement) => {
    const seeks: number[] = [];
    (window as unknown as { __seeks: number[] }).__seeks = seeks;
    audio.addEventListener('seeking', () => seeks.push(audio.currentTime));
  });
  return () => page.evaluate(() => (window as unknown as { __seeks: number[] }).__seeks);
}

/**
 * Whether the element has been lit (`data-active`) since this was called. A word is lit only
 * while it is said (a few hundred ms): on a loaded machine a polling assertion can look before
 * and after that window and never see it, so every change of the attribute is recorded.
 */
async function recordLighting(element: Locator) {
  await element.evaluate((node) => {
    const state = { lit: node.hasAttribute('data-active') };
    (window as unknown as { __lit: typeof state }).__lit = state;
    new MutationObserver(() => {
      if (node.hasAttribute('data-active')) state.lit = true;
    }).observe(node, { attributes: true, attributeFilter: ['data-active'] });
  });
  return () =>
    element.page().evaluate(() => (window as unknown as { __lit: { lit: boolean } }).__lit.lit);
}

test.describe('player', () => {
  test('play a chapter: the clock advances and the highlight follows it', async ({
    page,
    request,
  }) => {
    const { chapter } = await openStoryFirstChapter(request);
    const transcript = await transcriptOf(request, chapter.id);
    await openPlayer(page, chapter);
    const total = transcript.segments.length;
    const counter = page.getByText(new RegExp(`^\\d+ de ${total}$`));
    await expect(counter).toHaveText(`1 de ${total}`);

    const before = await currentTime(page);
    await playUntil(page, before + 0.5);
    await expect(playerBar(page).getByRole('button', { name: 'Pause', exact: true })).toBeVisible();

    // A word is highlighted while the first line plays, then the second line takes over.
    await expect.poll(() => activeWord(page)).toBeGreaterThanOrEqual(0);
    const firstWord = await activeWord(page);
    await expect
      .poll(() => activeLine(page), { message: 'aria-current moved to a later line' })
      .toBeGreaterThanOrEqual(1);
    await expect.poll(() => activeWord(page)).toBeGreaterThan(firstWord);
    await expect(lineItem(page, 0)).not.toHaveAttribute('aria-current');
    await expect(counter).not.toHaveText(`1 de ${total}`);

    // The highlighted word is the one being spoken: its line is the current one or the one before
    // (a line may become current up to 0.5 s before its first word).
    const { time, line, wordLine } = await page.evaluate(() => {
      const word = document.querySelector('[data-w][data-active]');
      return {
        time: document.querySelector('audio')!.currentTime,
        line: Number(document.querySelector<HTMLElement>('li[aria-current="true"]')!.dataset.s),
        wordLine: Number(word?.closest<HTMLElement>('li[data-s]')?.dataset.s ?? -1),
      };
    });
    expect(line).toBeGreaterThanOrEqual(1);
    expect([line, line - 1]).toContain(wordLine);
    expect(transcript.segments[line]!.start - 0.5).toBeLessThanOrEqual(time + 0.1);
  });

  test('a click on a word seeks to it, plays, and shows its gloss', async ({ page, request }) => {
    const { chapter } = await openStoryFirstChapter(request);
    const transcript = await transcriptOf(request, chapter.id);
    const { word, gloss } = wordAt(transcript, 3, 4);
    await openPlayer(page, chapter);
    const seeks = await recordSeeks(page);

    const span = wordSpan(page, 3, 4);
    await expect(span).toHaveText(word.text);
    const wasLit = await recordLighting(span);
    expect(await wasLit()).toBe(false);
    await span.click();

    // The seek landed on the word's start, and playback started from there.
    await expect.poll(seeks).toHaveLength(1);
    const [seekedTo] = await seeks();
    expect(Math.abs(seekedTo! - word.start)).toBeLessThanOrEqual(0.3);
    const afterClick = await currentTime(page);
    expect(afterClick).toBeGreaterThanOrEqual(word.start - 0.3);
    expect(afterClick).toBeLessThan(word.start + 3);
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    await expect.poll(wasLit, { timeout: 5_000 }).toBe(true);

    const popup = page.getByRole('dialog', { name: word.text, exact: true });
    await expect(popup).toBeVisible();
    await expect(popup.getByText(gloss, { exact: true })).toBeVisible();
    await expect(popup.getByText('From the story')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
  });

  test("a line's translate button shows the line's English translation", async ({
    page,
    request,
  }) => {
    const { chapter } = await openStoryFirstChapter(request);
    const transcript = await transcriptOf(request, chapter.id);
    const total = transcript.segments.length;
    const s = 1;
    const translation = transcript.segments[s]!.translation;
    expect(translation, 'the line has a written translation').toBeTruthy();
    await openPlayer(page, chapter);

    const button = page.getByRole('button', { name: `Translate line ${s + 1} of ${total}` });
    const slot = lineItem(page, s).locator('[data-slot]');
    await expect(slot).toBeEmpty();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(slot.getByText(translation!, { exact: true })).toBeVisible();
    await expect(slot.getByText('From the story')).toBeVisible();
    // Only that line opened.
    await expect(lineItem(page, s + 1).locator('[data-slot]')).toBeEmpty();

    await slot.getByRole('button', { name: `Hide the translation of line ${s + 1}` }).click();
    await expect(slot).toBeEmpty();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('speed 1.5×, then forward and back 10 s, clamped at 0', async ({ page, request }) => {
    const { chapter } = await openStoryFirstChapter(request);
    await openPlayer(page, chapter);
    const bar = playerBar(page);

    const speed = bar.getByLabel('Playback speed');
    await expect(speed).toHaveValue('1');
    await speed.selectOption('1.5');
    await expect(speed).toHaveValue('1.5');
    await expect.poll(async () => (await audioState(page)).playbackRate).toBe(1.5);

    // Played at 1.5×: still 1.5× while playing, and the clock runs.
    await playUntil(page, 1);
    expect((await audioState(page)).playbackRate).toBe(1.5);
    const start = await pause(page);
    expect(start).toBeLessThan(10);

    const forward = bar.getByRole('button', { name: 'Forward 10 seconds' });
    const back = bar.getByRole('button', { name: 'Back 10 seconds' });
    const near = (target: number) => async () => Math.abs((await currentTime(page)) - target);

    await forward.click();
    await expect.poll(near(start + 10)).toBeLessThan(0.05);
    await forward.click();
    await expect.poll(near(start + 20)).toBeLessThan(0.05);
    await back.click();
    await expect.poll(near(start + 10)).toBeLessThan(0.05);
    await back.click();
    await expect.poll(near(start)).toBeLessThan(0.05);
    // Less than 10 s from the start: back stops at 0.
    await back.click();
    await expect.poll(() => currentTime(page)).toBe(0);
    const state = await audioState(page);
    expect(state.paused).toBe(true);
    expect(state.playbackRate).toBe(1.5);
    await expect(bar.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuenow', '0');
  });

  test('reload: playback resumes at the saved position by itself', async ({ page }) => {
    await signedInLearner(page);
    const { chapter } = await signInOnlyFirstChapter(page.request);
    const saves = recordProgressSaves(page);
    await openPlayer(page, chapter);

    await playUntil(page, 0.3);
    await seekForwardWithSlider(page, 2);
    await expect.poll(() => currentTime(page)).toBeGreaterThan(20);
    const saved = await pause(page);

    // Pausing saves: the server acknowledged exactly that position.
    await expect
      .poll(() => saves.some((s) => s.status === 200 && Math.abs(s.positionSeconds - saved) < 0.01))
      .toBe(true);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
    await expect
      .poll(async () => Math.abs((await currentTime(page)) - saved), {
        message: `resumed near ${saved} s`,
      })
      .toBeLessThanOrEqual(1.5);
    // Resumed, not restarted: the learner presses play.
    expect((await audioState(page)).paused).toBe(true);
    await expect(playerBar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  });

  test('reopening a chapter shows the transcript at the resumed line, before Play', async ({
    page,
  }) => {
    // Two openings of the player on a shared, busy machine.
    test.setTimeout(60_000);
    await signedInLearner(page);
    const { story, chapter } = await openStoryFirstChapter(page.request);
    const transcript = await transcriptOf(page.request, chapter.id);
    const resumed = transcript.segments.length - 2;
    const line = transcript.segments[resumed]!;
    await saveProgress(page.request, chapter, line.start + 0.2);
    // A short window: the resumed line starts well below the first screen.
    await page.setViewportSize({ width: 1280, height: 600 });

    await openPlayer(page, chapter);
    await expect(lineItem(page, resumed)).toHaveAttribute('aria-current', 'true');
    await expect(lineItem(page, resumed)).toBeInViewport();
    await expect(lineItem(page, 0)).not.toBeInViewport();
    expect((await audioState(page)).paused).toBe(true);

    // Opened from the story page, the transcript is fetched: when it comes after the audio has
    // resumed, it is shown at that line too.
    await page.goto(`/story/${story.slug}`);
    let releaseTranscript = () => {};
    const held = new Promise<void>((resolve) => (releaseTranscript = resolve));
    await page.route(`**/api/chapters/${chapter.id}/transcript`, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: new RegExp(`^Continue\\s*: ${chapter.title}$`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
    await expect
      .poll(() => currentTime(page), { message: 'resumed before the transcript came' })
      .toBeGreaterThan(line.start);
    await expect(lineItem(page, resumed)).toHaveCount(0);
    releaseTranscript();
    await expect(lineItem(page, resumed)).toHaveAttribute('aria-current', 'true');
    await expect(lineItem(page, resumed)).toBeInViewport();
    expect((await audioState(page)).paused).toBe(true);
  });

  test('the progress route fails mid-playback: the queued position is saved once it is back', async ({
    page,
  }) => {
    await signedInLearner(page);
    const { chapter } = await openStoryFirstChapter(page.request);
    await openPlayer(page, chapter);

    // Only the progress saves fail: the audio keeps streaming.
    let refused = 0;
    await page.route('**/api/progress', async (route) => {
      refused += 1;
      await route.abort();
    });
    await playUntil(page, 0.5);
    await seekForwardWithSlider(page, 3);
    // Past the seeks the audio still plays: its ranges still load.
    const landed = await currentTime(page);
    expect(landed).toBeGreaterThan(30);
    await expect.poll(() => currentTime(page)).toBeGreaterThan(landed + 0.5);
    const position = await pause(page);

    // The save waits in the browser queue, and the server has not got it.
    await expect
      .poll(async () => (await queuedSaves(page, chapter.id)).map((s) => s.positionSeconds))
      .toEqual([expect.closeTo(position, 2)]);
    expect(refused).toBeGreaterThan(0);
    expect((await storedProgress(page.request, chapter.id))?.lastPositionSeconds ?? 0).toBeLessThan(
      1,
    );

    await page.unroute('**/api/progress');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect
      .poll(async () => (await storedProgress(page.request, chapter.id))?.lastPositionSeconds, {
        message: 'the queued position reached the server',
      })
      .toBeCloseTo(position, 2);
    await expect.poll(() => queuedSaves(page, chapter.id)).toEqual([]);
  });

  test('a bookmark with a note survives a reload', async ({ page }) => {
    await signedInLearner(page);
    const { chapter } = await signInOnlyFirstChapter(page.request);
    await openPlayer(page, chapter);

    const panel = page.getByRole('region', { name: 'Bookmarks' });
    await expect(panel.getByText('No bookmarks in this chapter yet.')).toBeVisible();
    await playerBar(page).getByRole('button', { name: 'Forward 10 seconds' }).click();
    await expect.poll(() => currentTime(page)).toBe(10);

    const note = 'Repasar: «un lunes de lluvia» — rainy Monday';
    await panel.getByLabel('Note (optional)').fill(note);
    await panel.getByRole('button', { name: 'Add bookmark' }).click();
    await expect(page.getByText('Bookmark added at 0:10')).toBeVisible();
    const list = panel.getByRole('list', { name: 'Your bookmarks in this chapter' });
    await expect(list.getByText(note, { exact: true })).toBeVisible();
    await expect(panel.getByLabel('Note (optional)')).toHaveValue('');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByText(note, { exact: true })).toBeVisible();

    // The bookmark still leads to its place.
    await waitForAudioMetadata(page);
    await list.getByRole('button', { name: 'Go to 0:10' }).click();
    await expect.poll(() => currentTime(page)).toBeCloseTo(10, 1);
  });

  test('the demo page works signed out', async ({ page }) => {
    const transcript = demoTranscript();
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/api\/(chapters|progress|translate|bookmarks)/.test(pathname)) apiCalls.push(pathname);
    });

    await page.goto('/demo');
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Story' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up to save your progress' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Transcript of Demo Story' });
    await expect(list.getByRole('listitem')).toHaveCount(transcript.segments.length);
    await expect(lineItem(page, 0).locator('.tr-line')).toHaveText(transcript.segments[0]!.text);

    await expect(audioElement(page)).toHaveAttribute('src', '/demo/sample.m4a');
    await waitForAudioMetadata(page);
    expect((await audioState(page)).duration).toBeGreaterThan(0);

    const { word, gloss } = wordAt(transcript, 1, 0);
    const seeks = await recordSeeks(page);
    await wordSpan(page, 1, 0).click();
    const popup = page.getByRole('dialog', { name: word.text, exact: true });
    await expect(popup.getByText(gloss, { exact: true })).toBeVisible();
    await expect.poll(seeks).toHaveLength(1);
    expect(Math.abs((await seeks())[0]! - word.start)).toBeLessThanOrEqual(0.3);
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);

    // Nothing of the demo came from the chapter, progress or translation routes.
    expect(apiCalls).toEqual([]);
  });
});

test.describe('player accessibility, light theme', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('relatos.theme', 'light'));
  });

  const scan = async (page: Page, makeAxeBuilder: () => AxeBuilder) => {
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await axeViolations(makeAxeBuilder())).toEqual([]);
  };

  test('the player page, with a gloss, a line translation and bookmarks open', async ({
    page,
    makeAxeBuilder,
  }) => {
    await signedInLearner(page);
    const { chapter } = await openStoryFirstChapter(page.request);
    await openPlayer(page, chapter);
    await expect(page.getByRole('region', { name: 'Bookmarks' })).toBeVisible();
    await scan(page, makeAxeBuilder);

    const total = (await transcriptOf(page.request, chapter.id)).segments.length;
    await page.getByRole('button', { name: `Translate line 1 of ${total}` }).click();
    await expect(lineItem(page, 0).locator('[data-translation-state="success"]')).toBeVisible();
    await wordSpan(page, 1, 0).click();
    await expect(page.getByRole('dialog').locator('[data-translation-state]')).toBeVisible();
    // A still page: the highlight does not move during the scan.
    await audioElement(page).evaluate((audio: HTMLAudioElement) => audio.pause());
    await scan(page, makeAxeBuilder);
  });

  test('the demo page', async ({ page, makeAxeBuilder }) => {
    await page.goto('/demo');
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Story' })).toBeVisible();
    await expect(lineItem(page, 0)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reading tips' })).toBeVisible();
    await scan(page, makeAxeBuilder);

    await wordSpan(page, 0, 0).click();
    await expect(page.getByRole('dialog').locator('[data-translation-state]')).toBeVisible();
    await audioElement(page).evaluate((audio: HTMLAudioElement) => audio.pause());
    await scan(page, makeAxeBuilder);
  });
});

/* Two bugs these journeys ran into, kept as regression tests now that they are fixed. */
test.describe('player, regressions', () => {
  test('Page Up pressed twice in a row on the seek slider moves 20 s', async ({
    page,
    request,
  }) => {
    // SeekBar used to step from the rendered `currentTime`, so a second press before the
    // re-render was lost; it now steps from the audio element's own clock.
    const { chapter } = await openStoryFirstChapter(request);
    await openPlayer(page, chapter);
    await playerBar(page).getByRole('slider', { name: 'Seek' }).focus();
    const landed = await page.evaluate(() => {
      const slider = document.activeElement!;
      for (let press = 0; press < 2; press++) {
        slider.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageUp', bubbles: true }));
      }
      return document.querySelector('audio')!.currentTime;
    });
    expect(landed).toBe(20);
  });

  test('Play pressed before the audio can play keeps playing', async ({ page, request }) => {
    // useAudioSource used to pause on the first `canplay` whatever had happened since the source
    // was set, undoing a press on Play while the first bytes were on their way.
    const { chapter } = await openStoryFirstChapter(request);
    // The audio is held until Play has been pressed (no clock: a pause of fixed length may end
    // before a busy machine has rendered the button).
    let release: () => void = () => {};
    const pressed = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/chapters/${chapter.id}/audio`, async (route) => {
      await pressed;
      await route.continue();
    });
    await page.goto(`/player/${chapter.id}`);
    await playerBar(page).getByRole('button', { name: 'Play', exact: true }).click();
    expect((await audioState(page)).readyState).toBeLessThan(3);
    release();
    await expect.poll(() => currentTime(page), { timeout: 6_000 }).toBeGreaterThan(1);
  });
});
