/**
 * The review page's figures (issue 14), in headless Chromium against the bench server:
 *
 * - From pressing Play (Replay) on a card to its clip playing (the audio element's `playing`
 *   event), p95 ≤ 100 ms. Each card of a session of saved sentences of the open demo chapter is
 *   shown (its clip starts by itself: "card shown → playing", for information), then Replay is
 *   pressed 3 times. Beside it, in the same run, the floor: a bare `<audio>` of the same chapter
 *   on a static page without any framework, doing what a press does (pause, seek to the clip's
 *   start, play()) at the same clip starts, timed the same way.
 * - The review code is loaded only on /review: none of its chunks is among the first-load
 *   scripts of `/` (whose total run.ts checks against its budget); the scripts /review adds are
 *   listed with their sizes.
 *
 * `node --import tsx bench/review.ts` runs it alone (own server, fresh data directory).
 */
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import type { SavedItem } from '#shared/contracts/saved-items';
import { measureFirstLoadJs } from './first-load-js.ts';
import { openBareAudioPage } from './lib/bare-audio-page.ts';
import { launchChromium } from './lib/chromium.ts';
import { startServer } from './lib/server.ts';
import { formatTable, type Row } from './lib/table.ts';
import { openStoryFirstChapter, percentile } from './player.ts';
import { signIn } from './session-signed-in.ts';

export const REVIEW_BUDGET = { pressP95Ms: 100 };
const CARDS = 12;
const PRESSES_PER_CARD = 3;
const STEP_TIMEOUT_MS = 10_000;
/** Chunks of the review feature: none may be among the first-load scripts of `/`. */
const REVIEW_CHUNK =
  /\/assets\/(review|review-page|export-deck|apkg|sql-js-browser|fsrs)-[\w-]+\.js$/;

interface ReviewFigures {
  pressMs: number[];
  shownMs: number[];
  floorMs: number[];
  reviewOnlyScripts: { path: string; gzipBytes: number }[];
  reviewChunksOnHome: string[];
  homeKb: number;
}

/** In the page: records when any media element starts playing (performance.now()). */
const PLAYING_PROBE = `
  globalThis.__name ??= (fn) => fn;
  window.__playing = [];
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    if (!this.__benchProbe) {
      this.__benchProbe = true;
      this.addEventListener('playing', () => window.__playing.push(performance.now()));
    }
    return play.call(this);
  };
`;

type Action = { press: 'replay' } | { key: string } | { floorSeek: number };

/**
 * Does `action` in the page and resolves with the ms from it to the next `playing` event. (The
 * page's CSP forbids eval, so the actions are fixed here.)
 */
function timeToPlaying(page: Page, action: Action): Promise<number> {
  return page.evaluate(
    async ({ action, timeout }) => {
      const state = window as unknown as { __playing: number[] };
      const before = state.__playing.length;
      const start = performance.now();
      if ('press' in action) {
        document
          .querySelector<HTMLButtonElement>('[data-testid="review-card"] [data-clip-status]')!
          .click();
      } else if ('key' in action) {
        document.dispatchEvent(new KeyboardEvent('keydown', { key: action.key, bubbles: true }));
      } else {
        const audio = document.querySelector('audio')!;
        audio.pause();
        audio.currentTime = action.floorSeek;
        void audio.play();
      }
      while (state.__playing.length === before) {
        if (performance.now() - start > timeout) return Number.POSITIVE_INFINITY;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      return state.__playing[before]! - start;
    },
    { action, timeout: STEP_TIMEOUT_MS },
  );
}

const pressKey = (page: Page, key: string) =>
  page.evaluate((key) => {
    document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  }, key);

async function saveSentences(baseUrl: string, headers: Record<string, string>, chapterId: string) {
  const transcript = (await (
    await fetch(`${baseUrl}/api/chapters/${chapterId}/transcript`, { headers })
  ).json()) as { segments: { id: string }[] };
  const saved: SavedItem[] = [];
  for (const segment of transcript.segments.slice(0, CARDS)) {
    const response = await fetch(`${baseUrl}/api/me/saved-items`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'sentence', chapterId, segmentId: segment.id }),
    });
    if (!response.ok) throw new Error(`saving a sentence answered ${response.status}`);
    saved.push(((await response.json()) as { item: SavedItem }).item);
  }
  return saved;
}

export async function measureReview(
  baseUrl: string,
  log: (message: string) => void = () => {},
): Promise<ReviewFigures> {
  const { cookie, headers } = await signIn(baseUrl);
  // The open demo story: no account needed for its audio, so the floor page plays it.
  const chapterId = await openStoryFirstChapter(baseUrl);
  const saved = await saveSentences(baseUrl, headers, chapterId);
  log(`review: ${saved.length} sentences saved; first-load scripts of / and /review`);

  const home = await measureFirstLoadJs(baseUrl, '/');
  const homePaths = new Set(home.files.map((file) => file.path));
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
      }),
    );
    await context.addInitScript(PLAYING_PROBE);
    const page = await context.newPage();
    const scripts = new Map<string, number>();
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (!pathname.endsWith('.js') || homePaths.has(pathname) || !response.ok()) return;
      void response.body().then(
        (body) => scripts.set(pathname, gzipSync(body, { level: 9 }).length),
        () => {},
      );
    });
    await page.goto(`${baseUrl}/review`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Show answer' }).waitFor();

    log(`review: ${CARDS} cards × ${PRESSES_PER_CARD} presses of Replay`);
    const pressMs: number[] = [];
    const shownMs: number[] = [];
    const starts: number[] = [];
    for (let card = 0; card < CARDS; card++) {
      // The card's own automatic start must have happened before Replay is pressed.
      await page.waitForFunction(
        () => (window as unknown as { __playing: number[] }).__playing.length > 0,
      );
      for (let press = 0; press < PRESSES_PER_CARD; press++) {
        pressMs.push(await timeToPlaying(page, { press: 'replay' }));
      }
      starts.push(saved[card]?.startSeconds ?? 0);
      await pressKey(page, ' ');
      await page.getByTestId('review-answer').waitFor();
      if (card < CARDS - 1) shownMs.push(await timeToPlaying(page, { key: '4' }));
      else await pressKey(page, '4');
    }
    await page.getByRole('heading', { name: 'Nothing due — come back tomorrow' }).waitFor();
    await context.close();

    log('review: floor (a bare <audio> on a static page)');
    const { context: floorContext, page: floorPage } = await openBareAudioPage(browser, {
      baseUrl,
      chapterId,
      probe: PLAYING_PROBE,
      timeoutMs: STEP_TIMEOUT_MS,
    });
    const floorMs: number[] = [];
    for (const start of starts) {
      for (let press = 0; press < PRESSES_PER_CARD; press++) {
        floorMs.push(await timeToPlaying(floorPage, { floorSeek: Math.max(0, start - 0.1) }));
      }
    }
    await floorContext.close();

    return {
      pressMs,
      shownMs,
      floorMs,
      reviewOnlyScripts: [...scripts.entries()]
        .map(([path, gzipBytes]) => ({ path, gzipBytes }))
        .sort((a, b) => b.gzipBytes - a.gzipBytes),
      reviewChunksOnHome: home.files
        .map((file) => file.path)
        .filter((path) => REVIEW_CHUNK.test(path)),
      homeKb: home.totalGzipKb,
    };
  } finally {
    await browser.close();
  }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'missed');

export function reviewRows(figures: ReviewFigures): { rows: Row[]; details: string[] } {
  // Nearest rank: Infinity, a missed playback, counts as the slowest.
  const p95 = percentile(figures.pressMs, 0.95);
  const floorP95 = percentile(figures.floorMs, 0.95);
  const reviewKb = figures.reviewOnlyScripts.reduce((sum, file) => sum + file.gzipBytes, 0) / 1000;
  const rows: Row[] = [
    {
      figure: 'Review: press Replay → clip playing (ms, p50)',
      value: ms(percentile(figures.pressMs, 0.5)),
      budget: '',
      status: 'info',
    },
    {
      figure: 'Review: press Replay → clip playing (ms, p95)',
      value: ms(p95),
      budget: `≤ ${REVIEW_BUDGET.pressP95Ms}`,
      status: p95 <= REVIEW_BUDGET.pressP95Ms ? 'pass' : 'FAIL',
    },
    {
      figure: '  floor: bare <audio> seek + play() → playing (ms, p95)',
      value: `${ms(floorP95)} (×${(p95 / floorP95).toFixed(2)})`,
      budget: '',
      status: 'info',
    },
    {
      figure: 'Review: rated → next card playing (ms, p95)',
      value: ms(percentile(figures.shownMs, 0.95)),
      budget: '',
      status: 'info',
    },
    {
      figure: 'Review chunks in the first load of /',
      value: String(figures.reviewChunksOnHome.length),
      budget: '= 0',
      status: figures.reviewChunksOnHome.length === 0 ? 'pass' : 'FAIL',
    },
    {
      figure: 'JS only /review loads (kB gzip -9)',
      value: reviewKb.toFixed(1),
      budget: '',
      status: 'info',
    },
  ];
  const details = [
    '',
    `Review (/review, ${CARDS} saved sentences of the open demo chapter, ${PRESSES_PER_CARD} presses each; headless Chromium):`,
    `  press → playing (ms): ${figures.pressMs.map(ms).join(' ')}`,
    `  floor (ms):           ${figures.floorMs.map(ms).join(' ')}`,
    `  first load of / ${figures.homeKb.toFixed(1)} kB gzip; scripts /review adds to it:`,
    ...figures.reviewOnlyScripts.map(
      (file) => `    ${(file.gzipBytes / 1000).toFixed(1).padStart(7)} kB gzip  ${file.path}`,
    ),
    ...figures.reviewChunksOnHome.map((path) => `  review chunk loaded by /: ${path}`),
  ];
  return { rows, details };
}

if (import.meta.filename === process.argv[1]) {
  const server = await startServer();
  let failed = true;
  try {
    const { rows, details } = reviewRows(await measureReview(server.baseUrl, console.log));
    console.log(`\n${formatTable(rows)}\n${details.join('\n')}\n`);
    failed = rows.some((row) => row.status === 'FAIL');
  } finally {
    await server.stop();
  }
  process.exit(failed ? 1 : 0);
}
