import type { Page } from '@playwright/test';
import type { Bookmark } from '#shared/contracts/bookmarks';
import { offlineTexts } from '#client/lib/offline/offline-texts';
import type { Transcript } from '#shared/transcript';
import { expect, test } from './support/fixtures';
import { signedInLearner } from './support/accounts';
import { openStoryFirstChapter } from './support/demo-library';
import { collectErrors } from './support/page-errors';
import {
  activeWord,
  audioElement,
  audioState,
  currentTime,
  lineItem,
  pause,
  playUntil,
  PLAYER_LAUNCH_OPTIONS,
  seekForwardWithSlider,
  signInOnlyFirstChapter,
  storedProgress,
  transcriptOf,
  waitForAudioMetadata,
  wordSpan,
} from './support/player';
import { waitForServiceWorker } from './support/service-worker';

/*
 * The full player offline (issue 15, decision 042): a chapter downloaded with the player's own
 * button plays with the browser context offline after a reload — the service worker answers the
 * page, the app, the chapter and the audio (ranges from the stored whole file); what the learner
 * did offline reaches the server when the connection returns.
 */

test.use({ serviceWorkers: 'allow', launchOptions: PLAYER_LAUNCH_OPTIONS });

/** The first word with a gloss in the first lines: where it is (line, word) and its gloss. */
function glossedWord(transcript: Transcript) {
  for (const [s, segment] of transcript.segments.slice(0, 6).entries()) {
    for (const [w, word] of segment.words.entries()) {
      if (word.gloss) return { s, w, word, gloss: word.gloss };
    }
  }
  throw new Error('no glossed word in the first lines');
}

/** Audio answers the page got, with their status and whether the worker gave them. */
function recordAudioAnswers(page: Page) {
  const answers: { status: number; range: string | null; fromWorker: boolean }[] = [];
  page.on('response', (response) => {
    if (!/\/api\/chapters\/[^/]+\/audio$/.test(new URL(response.url()).pathname)) return;
    answers.push({
      status: response.status(),
      range: response.request().headers()['range'] ?? null,
      fromWorker: response.fromServiceWorker(),
    });
  });
  return answers;
}

/**
 * What the app itself reported as errors while offline: uncaught exceptions and its console errors
 * (the client error log), not the browser's own line for each request the network refused.
 */
async function appErrors(page: Page, errors: string[]) {
  const logged = await page.evaluate(() => sessionStorage.getItem('relatos.errorLog'));
  return [
    ...errors.filter((error) => !/^Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(error)),
    ...(logged === null
      ? []
      : (JSON.parse(logged) as unknown[]).map((entry) => JSON.stringify(entry))),
  ];
}

/** Opens the chapter online, under the worker, and downloads it with the player's button. */
async function downloadChapter(page: Page, chapter: { id: string; title: string }) {
  await page.goto(`/player/${chapter.id}`);
  await waitForServiceWorker(page);
  await expect(page.getByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
  await page.getByRole('button', { name: 'Download for offline' }).click();
  await expect(page.getByTitle('Downloaded for offline listening')).toBeVisible({
    timeout: 60_000,
  });
}

/** Reloads with the context offline and waits for the chapter, its transcript and its audio. */
async function reloadOffline(page: Page, chapter: { title: string }) {
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
  await expect(lineItem(page, 0)).toBeVisible();
  await waitForAudioMetadata(page);
}

test.describe('offline player', () => {
  test('signed in: download, go offline, reload, play, seek, bookmark; back online the server has progress and bookmark', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signedInLearner(page);
    const { chapter } = await signInOnlyFirstChapter(page.request);
    const transcript = await transcriptOf(page.request, chapter.id);
    const { s, w, word, gloss } = glossedWord(transcript);
    await downloadChapter(page, chapter);

    const audioAnswers = recordAudioAnswers(page);
    const errors = collectErrors(page);
    await reloadOffline(page, chapter);
    await expect(page.getByText(offlineTexts.indicator)).toBeVisible();

    // The new-word marks, from the vocabulary stored with the download.
    await expect(page.locator('[data-w][data-new]').first()).toBeAttached();

    // Play: the clock moves and a word is highlighted.
    await playUntil(page, 0.5);
    await expect.poll(() => activeWord(page)).toBeGreaterThanOrEqual(0);

    // Seek past what was first buffered: the position moves, playback goes on from there, and
    // the worker answered a range of the stored file.
    await seekForwardWithSlider(page, 3);
    const landed = await currentTime(page);
    expect(landed).toBeGreaterThan(30);
    await expect.poll(() => currentTime(page)).toBeGreaterThan(landed + 0.5);
    expect((await audioState(page)).paused).toBe(false);
    expect(audioAnswers.some((answer) => answer.status === 206 && answer.fromWorker)).toBe(true);
    expect(audioAnswers.filter((answer) => !answer.fromWorker)).toEqual([]);

    // The story's own gloss, offline.
    const span = wordSpan(page, s, w);
    await expect(span).toHaveText(word.text);
    await span.click();
    const popup = page.getByRole('dialog', { name: word.text, exact: true });
    await expect(popup.getByText(gloss, { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    const position = await pause(page);

    // A bookmark made offline shows at once.
    const note = 'Sin conexión — offline note';
    const panel = page.getByRole('region', { name: 'Bookmarks' });
    await panel.getByLabel('Note (optional)').fill(note);
    await panel.getByRole('button', { name: 'Add bookmark' }).click();
    const list = panel.getByRole('list', { name: 'Your bookmarks in this chapter' });
    await expect(list.getByText(note, { exact: true })).toBeVisible();
    // Progress, listening minutes, the live stream, saved items: all failed quietly.
    expect(await appErrors(page, errors)).toEqual([]);

    // Back online: the position and the bookmark reach the server.
    await page.context().setOffline(false);
    await expect
      .poll(async () => (await storedProgress(page.request, chapter.id))?.lastPositionSeconds, {
        message: 'the offline position reached the server',
        timeout: 20_000,
      })
      .toBeCloseTo(position, 0);
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`/api/bookmarks?chapterId=${chapter.id}`);
          const { bookmarks } = (await response.json()) as { bookmarks: Bookmark[] };
          return bookmarks.map((bookmark) => bookmark.note);
        },
        { message: 'the offline bookmark reached the server', timeout: 20_000 },
      )
      .toEqual([note]);
  });

  test('a visitor plays a downloaded open chapter offline, with its glosses', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { chapter } = await openStoryFirstChapter(request);
    const transcript = await transcriptOf(request, chapter.id);
    const { s, w, word, gloss } = glossedWord(transcript);
    await downloadChapter(page, chapter);

    const errors = collectErrors(page);
    await reloadOffline(page, chapter);
    await playUntil(page, 0.5);
    await expect.poll(() => activeWord(page)).toBeGreaterThanOrEqual(0);

    // A click on a word seeks there, plays, and shows the story's gloss.
    const span = wordSpan(page, s, w);
    await span.click();
    await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(word.start - 0.3);
    await expect(span).toHaveAttribute('data-active', '', { timeout: 5_000 });
    const popup = page.getByRole('dialog', { name: word.text, exact: true });
    await expect(popup.getByText(gloss, { exact: true })).toBeVisible();
    await expect(popup.getByText('From the story')).toBeVisible();
    expect(await audioElement(page).evaluate((audio: HTMLAudioElement) => audio.error)).toBeNull();
    expect(await appErrors(page, errors)).toEqual([]);
  });

  test('offline, a chapter that is not downloaded says so and leads to Downloads', async ({
    page,
    request,
    makeAxeBuilder,
  }) => {
    test.setTimeout(90_000);
    const { story } = await openStoryFirstChapter(request);
    const [first, second] = [...story.chapters].sort((a, b) => a.position - b.position);
    await downloadChapter(page, first!);

    const errors = collectErrors(page);
    await page.context().setOffline(true);
    await page.goto(`/player/${second!.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Chapter Not Downloaded' }),
    ).toBeVisible();
    await expect(
      page.getByText("You're offline, and this chapter is not downloaded on this device.", {
        exact: true,
      }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Connection Problem' })).toHaveCount(0);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    const { violations } = await makeAxeBuilder().analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    // Downloads lists what does play offline: the chapter downloaded before.
    await page.getByRole('link', { name: 'Go to Downloads' }).click();
    await expect(page).toHaveURL('/downloads');
    await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
    await expect(page.getByText(`Chapter ${first!.position}: ${first!.title}`)).toBeVisible();
    expect(await appErrors(page, errors)).toEqual([]);
  });
});
