/**
 * Offline figures (issue 15), in headless Chromium against the bench server, with the app's own
 * service worker:
 *
 * - A downloaded chapter opened offline starts playing within 1 s of opening its page (p95 ≤
 *   1,000 ms, median beside it). The open demo chapter is downloaded with the player's own
 *   "Download for offline", its page is visited once more under the worker, the browser context
 *   is set offline, and the player page is opened RUNS times in each of the two ways the worker
 *   answers it: the page as last visited (its pages cache: server-rendered, the chapter inlined),
 *   then, with that copy removed, the app shell (a chapter downloaded but never opened under the
 *   worker: rendered in the browser from the downloaded answers). In the page, Play is pressed the
 *   moment it is enabled (as a learner waiting for it would), and the figure is the time from the
 *   navigation's start to the audio's `playing` event. Beside it, in the same run and the same
 *   offline context, the floor: a bare page (no framework, one `<audio>` of the same chapter,
 *   play() at once) answered by the same worker from its pages cache, with the audio from the
 *   same downloads cache.
 * - Chromium's installability check: CDP `Page.getInstallabilityErrors` on `/` lists no error.
 *
 * `node --import tsx bench/offline-start.ts` runs it alone (own server, fresh data directory;
 * it needs a build: `npm run build`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { ACCOUNT_STAMP_HEADER, ANONYMOUS_STAMP } from '#shared/offline/account-stamp';
import { PAGES_CACHE } from '#shared/offline/offline-storage';
import {
  installabilityErrors,
  waitForServiceWorker,
  type InstallabilityError,
} from '../tests/e2e/support/service-worker.ts';
import { chromiumExecutable } from '../scripts/chromium-flags.ts';
import { CHROMIUM_ARGS, launchChromium } from './lib/chromium.ts';
import { startServer } from './lib/server.ts';
import { formatTable, type Row } from './lib/table.ts';
import { openStoryFirstChapter, percentile } from './player.ts';

export const OFFLINE_START_BUDGET = { p95Ms: 1_000 };
const RUNS = 7;
const STEP_TIMEOUT_MS = 20_000;
/** The floor page's address; the worker answers it from the pages cache, where it is put. */
const FLOOR_PATH = '/bench-offline-floor';

interface StartRun {
  /** Navigation start → the page's HTML fully received (from the worker). */
  htmlMs: number;
  /** Navigation start → Play pressed (the first moment it was enabled). */
  pressMs: number;
  /** Navigation start → the audio's `playing` event. */
  playingMs: number;
  /** The page was controlled by the service worker. */
  controlled: boolean;
}

export interface OfflineStartFigures {
  chapterId: string;
  /**
   * The first round (the worker, the media pipeline and the browser's code caches not yet warm),
   * shown, not counted: player page as visited, bare page, app shell.
   */
  warmUp: StartRun[];
  /** The player page as last visited (the worker's pages cache). */
  runs: StartRun[];
  /** The player page never visited under the worker (the app shell). */
  shellRuns: StartRun[];
  floor: StartRun[];
  installabilityErrors: InstallabilityError[];
  manifestUrl: string;
}

/**
 * In every page: presses the player's Play the moment it is enabled (on a bare page, calls the
 * audio's play() as soon as it has its source) and records when, and when `playing` came.
 */
const START_PROBE = `
  globalThis.__name ??= (fn) => fn;
  window.__offlineStart = { pressed: null, playing: null };
  const state = window.__offlineStart;
  const tryStart = () => {
    if (state.pressed !== null) return true;
    const audio = document.querySelector('audio[src]');
    if (!audio) return false;
    const bar = document.querySelector('[aria-label="Audio player"]');
    let start;
    if (bar) {
      const play = bar.querySelector('button[aria-label="Play"]');
      if (!play || play.disabled) return false;
      start = () => play.click();
    } else {
      start = () => void audio.play();
    }
    audio.addEventListener('playing', () => { state.playing ??= performance.now(); });
    state.pressed = performance.now();
    start();
    return true;
  };
  const observer = new MutationObserver(() => { if (tryStart()) observer.disconnect(); });
  observer.observe(document, { subtree: true, childList: true, attributes: true,
    attributeFilter: ['disabled', 'src', 'aria-label'] });
`;

/** Opens `url` (offline) and waits for the audio's `playing`. */
async function timeStart(page: Page, url: string): Promise<StartRun> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(
    () =>
      (window as unknown as { __offlineStart?: { playing: number | null } }).__offlineStart
        ?.playing != null,
    undefined,
    { timeout: STEP_TIMEOUT_MS },
  );
  const run = await page.evaluate(() => {
    const state = (window as unknown as { __offlineStart: { pressed: number; playing: number } })
      .__offlineStart;
    const navigation = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    return {
      htmlMs: navigation?.responseEnd ?? Number.NaN,
      pressMs: state.pressed,
      playingMs: state.playing,
      controlled: navigator.serviceWorker.controller !== null,
    };
  });
  // The next run starts from silence.
  await page.evaluate(() => document.querySelector('audio')?.pause());
  return run;
}

async function download(page: Page, chapterId: string): Promise<void> {
  await page.goto(`/player/${chapterId}`);
  await waitForServiceWorker(page);
  await page.getByRole('button', { name: 'Download for offline' }).click();
  await page.getByTitle('Downloaded for offline listening').waitFor({ timeout: 60_000 });
}

/**
 * Puts the bare floor page in the worker's pages cache (as if visited), from a controlled page,
 * stamped as made for nobody signed in: the worker serves no unstamped page (issue 23).
 */
async function storeFloorPage(page: Page, chapterId: string): Promise<void> {
  await page.evaluate(
    async ({ cacheName, path, audio, stampHeader, stamp }) => {
      const cache = await caches.open(cacheName);
      await cache.put(
        path,
        new Response(
          `<!doctype html><html lang="en"><title>floor</title><audio preload="metadata" src="${audio}"></audio></html>`,
          { headers: { 'content-type': 'text/html; charset=utf-8', [stampHeader]: stamp } },
        ),
      );
    },
    {
      cacheName: PAGES_CACHE,
      path: FLOOR_PATH,
      audio: `/api/chapters/${chapterId}/audio`,
      stampHeader: ACCOUNT_STAMP_HEADER,
      stamp: ANONYMOUS_STAMP,
    },
  );
}

/**
 * Chromium's check on `/`, in a browser profile of its own: Chromium never offers to install an
 * app in an incognito context, which is what a plain Playwright context is.
 */
async function installability(baseUrl: string) {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'relatos-bench-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
    baseURL: baseUrl,
    serviceWorkers: 'allow',
    timeout: 60_000,
  });
  try {
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await waitForServiceWorker(page);
    const { errors, manifestUrl } = await installabilityErrors(context, page);
    return { installabilityErrors: errors, manifestUrl };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

export async function measureOfflineStart(
  baseUrl: string,
  log: (message: string) => void = () => {},
): Promise<OfflineStartFigures> {
  const chapterId = await openStoryFirstChapter(baseUrl);
  log('offline start: installability check on / (CDP Page.getInstallabilityErrors)');
  const install = await installability(baseUrl);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({
      baseURL: baseUrl,
      serviceWorkers: 'allow',
      viewport: { width: 1280, height: 800 },
    });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const page = await context.newPage();

    log(`offline start: downloading /player/${chapterId} with the player's button`);
    await download(page, chapterId);
    await storeFloorPage(page, chapterId);
    // Visited under the worker: its pages cache keeps the page as served.
    const playerPath = `/player/${chapterId}`;
    await page.goto(playerPath);
    await page.waitForFunction(
      async ({ cacheName, path }) => (await caches.open(cacheName)).match(path).then(Boolean),
      { cacheName: PAGES_CACHE, path: playerPath },
    );
    await context.addInitScript(START_PROBE);
    await context.setOffline(true);

    // The page as visited, kept aside so that each round opens it once as visited and once from
    // the app shell (the copy removed), with the bare page between them: every opening follows
    // another page, none gains from its predecessor being the same.
    const visited = await page.evaluate(
      async ({ cacheName, path }) => {
        const response = await (await caches.open(cacheName)).match(path);
        return { body: await response!.text(), headers: [...response!.headers] };
      },
      { cacheName: PAGES_CACHE, path: playerPath },
    );
    const keepPage = (kept: boolean) =>
      page.evaluate(
        async ({ cacheName, path, copy, kept }) => {
          const cache = await caches.open(cacheName);
          if (kept) await cache.put(path, new Response(copy.body, { headers: copy.headers }));
          else await cache.delete(path);
        },
        { cacheName: PAGES_CACHE, path: playerPath, copy: visited, kept },
      );

    log(`offline start: ${RUNS} rounds: the page as visited, the bare page, the app shell`);
    const runs: StartRun[] = [];
    const shellRuns: StartRun[] = [];
    const floor: StartRun[] = [];
    // One round first, not counted: then the worker, the media pipeline and the code caches are
    // warm, as on a device in use; its figures are printed beside the others.
    const warmUp: StartRun[] = [];
    for (let run = -1; run < RUNS; run++) {
      const [asVisited, bare, shell] =
        run < 0 ? [warmUp, warmUp, warmUp] : [runs, floor, shellRuns];
      await keepPage(true);
      asVisited.push(await timeStart(page, playerPath));
      bare.push(await timeStart(page, FLOOR_PATH));
      await keepPage(false);
      shell.push(await timeStart(page, playerPath));
    }
    await context.close();
    return { chapterId, warmUp, runs, shellRuns, floor, ...install };
  } finally {
    await browser.close();
  }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : 'missed');

export function offlineStartRows(figures: OfflineStartFigures): { rows: Row[]; details: string[] } {
  const playingOf = (runs: StartRun[]) =>
    runs.map((run) => (run.controlled ? run.playingMs : Number.POSITIVE_INFINITY));
  const floorPlaying = playingOf(figures.floor);
  const floorP95 = percentile(floorPlaying, 0.95);
  const errors = figures.installabilityErrors;
  const startRows = (label: string, runs: StartRun[]): Row[] => {
    const playing = playingOf(runs);
    const p95 = percentile(playing, 0.95);
    return [
      {
        figure: `Offline: open a downloaded chapter, ${label} → playing (ms, median of ${playing.length})`,
        value: ms(percentile(playing, 0.5)),
        budget: '',
        status: 'info',
      },
      {
        figure: `Offline: open a downloaded chapter, ${label} → playing (ms, p95 of ${playing.length})`,
        value: `${ms(p95)} (×${(p95 / floorP95).toFixed(1)} floor)`,
        budget: `≤ ${OFFLINE_START_BUDGET.p95Ms}`,
        status: p95 <= OFFLINE_START_BUDGET.p95Ms ? 'pass' : 'FAIL',
      },
    ];
  };
  const rows: Row[] = [
    ...startRows('page as last visited', figures.runs),
    ...startRows('from the app shell', figures.shellRuns),
    {
      figure: '  floor: bare page, same worker and audio → playing (ms, median / p95)',
      value: `${ms(percentile(floorPlaying, 0.5))} / ${ms(floorP95)}`,
      budget: '',
      status: 'info',
    },
    {
      figure: 'Installability errors (Chromium, Page.getInstallabilityErrors on /)',
      value: String(errors.length),
      budget: '= 0',
      status: errors.length === 0 ? 'pass' : 'FAIL',
    },
  ];
  const column = (runs: StartRun[], key: keyof Omit<StartRun, 'controlled'>) =>
    runs.map((run) => ms(run[key]).padStart(6)).join(' ');
  const details = [
    '',
    `Offline start (/player/${figures.chapterId}, the open demo chapter downloaded, context offline; headless Chromium), ms from the navigation's start:`,
    `  page as last visited  HTML received ${column(figures.runs, 'htmlMs')}`,
    `                        Play pressed  ${column(figures.runs, 'pressMs')}`,
    `                        playing       ${column(figures.runs, 'playingMs')}`,
    `  from the app shell    HTML received ${column(figures.shellRuns, 'htmlMs')}`,
    `                        Play pressed  ${column(figures.shellRuns, 'pressMs')}`,
    `                        playing       ${column(figures.shellRuns, 'playingMs')}`,
    `  floor (bare page)     HTML received ${column(figures.floor, 'htmlMs')}`,
    `                        playing       ${column(figures.floor, 'playingMs')}`,
    `  first round (not counted), playing: as visited ${ms(figures.warmUp[0]?.playingMs ?? Number.NaN)}, bare page ${ms(figures.warmUp[1]?.playingMs ?? Number.NaN)}, app shell ${ms(figures.warmUp[2]?.playingMs ?? Number.NaN)}`,
    `  openings not controlled by the worker: ${
      [...figures.runs, ...figures.shellRuns, ...figures.floor].filter((run) => !run.controlled)
        .length
    }`,
    `  manifest ${figures.manifestUrl || '(none)'}; installability errors: ${
      errors.length === 0
        ? 'none'
        : errors
            .map(
              (error) =>
                `${error.errorId}${error.errorArguments.length ? ` (${error.errorArguments.map((a) => `${a.name}=${a.value}`).join(', ')})` : ''}`,
            )
            .join('; ')
    }`,
  ];
  return { rows, details };
}

if (import.meta.filename === process.argv[1]) {
  const server = await startServer();
  let failed = true;
  try {
    const { rows, details } = offlineStartRows(
      await measureOfflineStart(server.baseUrl, console.log),
    );
    console.log(`\n${formatTable(rows)}\n${details.join('\n')}\n`);
    failed = rows.some((row) => row.status === 'FAIL');
  } finally {
    await server.stop();
  }
  process.exit(failed ? 1 : 0);
}
