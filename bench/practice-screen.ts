/**
 * The practice screen's figure (issue 25), in headless Chromium against the bench server:
 * from the key that moves on after an answer (Enter on Next) to the next item's clip playing (the
 * audio element's `playing` event), p95 ≤ 100 ms, over two practice sets of the open demo
 * chapter (each item answered by keyboard once its clip has played to the end: a pick by
 * number, or a word typed, then Enter to check). Beside it, in the same run, the floor: a bare `<audio>` of the same chapter on a static
 * page without any framework, seeking to the same clips' starts and calling play(), timed the
 * same way. Also: no practice chunk among the first-load scripts of `/`.
 *
 * `node --import tsx bench/practice-screen.ts` runs it alone (own server, fresh data directory).
 */
import type { Page } from 'playwright-core';
import { measureFirstLoadJs } from './first-load-js.ts';
import { openBareAudioPage } from './lib/bare-audio-page.ts';
import { launchChromium } from './lib/chromium.ts';
import { startServer } from './lib/server.ts';
import { formatTable, type Row } from './lib/table.ts';
import { openStoryFirstChapter, percentile } from './player.ts';

export const PRACTICE_SCREEN_BUDGET = { nextP95Ms: 100 };
const SETS = 2;
const STEP_TIMEOUT_MS = 10_000;
const PRACTICE_CHUNK = /\/assets\/(practice|practice-page|build-set|grade)[\w-]*\.js$/;

/** In the page: when Enter goes down (capture, before the app sees it) and when media plays. */
const PROBE = `
  globalThis.__name ??= (fn) => fn;
  window.__playing = [];
  window.__enterAt = 0;
  window.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') window.__enterAt = performance.now();
  }, true);
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    if (!this.__benchProbe) {
      this.__benchProbe = true;
      this.addEventListener('playing', () => window.__playing.push({ at: performance.now(), from: this.currentTime }));
    }
    return play.call(this);
  };
`;

interface Probe {
  __playing: { at: number; from: number }[];
  __enterAt: number;
}

const playingCount = (page: Page) =>
  page.evaluate(() => (window as unknown as Probe).__playing.length);

/** Waits for a `playing` after the `before`-th one; ms from the last Enter to it. */
async function sinceEnterToPlaying(page: Page, before: number): Promise<number> {
  try {
    await page.waitForFunction(
      (count) => (window as unknown as Probe).__playing.length > count,
      before,
      { timeout: STEP_TIMEOUT_MS },
    );
  } catch {
    return Number.POSITIVE_INFINITY;
  }
  return page.evaluate((count) => {
    const probe = window as unknown as Probe;
    return probe.__playing[count]!.at - probe.__enterAt;
  }, before);
}

/**
 * Answers the item on screen by keyboard (any answer will do) and checks it with Enter, after
 * its clip has been heard to the end, as a learner answers what they heard.
 */
async function answerAndCheck(page: Page) {
  const item = page.getByTestId('practice-item');
  await item.locator('[data-clip-status="idle"]').waitFor();
  const kind = await item.getAttribute('data-kind');
  const textbox = item.getByRole('textbox').first();
  if (kind === 'word-in-audio' || (kind === 'cloze' && (await textbox.count()) === 0)) {
    await page.keyboard.press('1');
  } else {
    await textbox.focus();
    await page.keyboard.type('casa');
  }
  if ((await page.getByTestId('practice-verdict').count()) === 0)
    await page.keyboard.press('Enter');
  await page.getByTestId('practice-verdict').waitFor();
}

export interface PracticeScreenFigures {
  nextMs: number[];
  floorMs: number[];
  practiceChunksOnHome: string[];
}

export async function measurePracticeScreen(
  baseUrl: string,
  log: (message: string) => void = () => {},
): Promise<PracticeScreenFigures> {
  const chapterId = await openStoryFirstChapter(baseUrl);
  const home = await measureFirstLoadJs(baseUrl, '/');
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    const nextMs: number[] = [];
    const clipStarts: number[] = [];
    for (let set = 0; set < SETS; set++) {
      log(`practice: set ${set + 1} of ${SETS}`);
      await page.goto(`${baseUrl}/practice/${chapterId}`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: /^Start/ }).click();
      for (;;) {
        await page.getByTestId('practice-item').waitFor();
        await answerAndCheck(page);
        const next = page.getByRole('button', { name: /^(Next|See your score)/ });
        const finishing = !/^Next/.test((await next.textContent()) ?? '');
        await next.focus();
        const before = await playingCount(page);
        await page.keyboard.press('Enter');
        if (finishing) break;
        nextMs.push(await sinceEnterToPlaying(page, before));
        clipStarts.push(
          await page.evaluate(
            (count) => (window as unknown as Probe).__playing[count]!.from,
            before,
          ),
        );
      }
      await page.getByTestId('practice-end').waitFor();
    }
    await context.close();

    log('practice: floor (a bare <audio> on a static page)');
    const { context: floorContext, page: floorPage } = await openBareAudioPage(browser, {
      baseUrl,
      chapterId,
      probe: PROBE,
      timeoutMs: STEP_TIMEOUT_MS,
    });
    const floorMs: number[] = [];
    for (const start of clipStarts) {
      const before = await playingCount(floorPage);
      await floorPage.evaluate((start) => {
        (window as unknown as Probe).__enterAt = performance.now();
        const audio = document.querySelector('audio')!;
        audio.pause();
        audio.currentTime = start;
        void audio.play();
      }, start);
      floorMs.push(await sinceEnterToPlaying(floorPage, before));
    }
    await floorContext.close();
    return {
      nextMs,
      floorMs,
      practiceChunksOnHome: home.files.map((f) => f.path).filter((p) => PRACTICE_CHUNK.test(p)),
    };
  } finally {
    await browser.close();
  }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'missed');

export function practiceScreenRows(figures: PracticeScreenFigures): {
  rows: Row[];
  details: string[];
} {
  const p95 = percentile(figures.nextMs, 0.95);
  const floorP95 = percentile(figures.floorMs, 0.95);
  const rows: Row[] = [
    {
      figure: `Practice: Enter on Next → next clip playing (ms, p95 of ${figures.nextMs.length})`,
      value: ms(p95),
      budget: `≤ ${PRACTICE_SCREEN_BUDGET.nextP95Ms}`,
      status: p95 <= PRACTICE_SCREEN_BUDGET.nextP95Ms ? 'pass' : 'FAIL',
    },
    {
      figure: '  floor: bare <audio> seek + play() → playing (ms, p95)',
      value: `${ms(floorP95)} (×${(p95 / floorP95).toFixed(2)})`,
      budget: '',
      status: 'info',
    },
    {
      figure: 'Practice chunks in the first load of /',
      value: String(figures.practiceChunksOnHome.length),
      budget: '= 0',
      status: figures.practiceChunksOnHome.length === 0 ? 'pass' : 'FAIL',
    },
  ];
  const details = [
    '',
    `Practice (/practice/{open demo chapter}, ${SETS} sets answered by keyboard; headless Chromium):`,
    `  Enter → playing (ms): ${figures.nextMs.map(ms).join(' ')}`,
    `  floor (ms):           ${figures.floorMs.map(ms).join(' ')}`,
  ];
  return { rows, details };
}

if (import.meta.filename === process.argv[1]) {
  const server = await startServer();
  let failed = true;
  try {
    const { rows, details } = practiceScreenRows(
      await measurePracticeScreen(server.baseUrl, console.log),
    );
    console.log(`\n${formatTable(rows)}\n${details.join('\n')}\n`);
    failed = rows.some((row) => row.status === 'FAIL');
  } finally {
    await server.stop();
  }
  process.exit(failed ? 1 : 0);
}
