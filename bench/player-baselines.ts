/**
 * Floors and baselines for the player benchmark (issue 14), measured in the same run, on the same
 * machine, with the same probe, transcript and audio as our player, so that a regression can be
 * told from a slow machine:
 *
 * - Render floor: the same synthetic 9,000-word transcript, fetched the same way, written as plain
 *   spans (`<ol class="tr-root"><li><p><span data-w>`) by a page with no framework. The render
 *   probe of bench/player.ts (installProbe) times it exactly as it times our player: from the
 *   transcript response's `responseEnd` to the end of the frame that paints the last word.
 * - hyperaudio-lite 2.6.4 (the best-known open-source interactive transcript), its script served
 *   from node_modules on a static test page: render (its markup written from the same transcript,
 *   then `new HyperaudioLite(...)`, which reads every word) and highlight lag.
 * - A plain `timeupdate`-driven highlighter (how most players do it): highlight lag.
 *
 * Highlight lag, the same for all three and for our player: the demo chapter's real transcript
 * and audio, played at 1× and 2×. installProbe's frame loop notes when each word should have
 * become active (from `audio.currentTime`); a MutationObserver notes when the page marks a word
 * active (our `data-active` attribute, or the `active` class of the others). Lag = marked −
 * expected, floored at 0; a word never marked counts as an infinite lag.
 *
 * The test pages are answered by `page.route` under the app's origin, so the audio they play is
 * the app's own `/api/chapters/{id}/audio`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './lib/chromium.ts';
import {
  LAG_RUNS,
  lagCounts,
  median,
  newPlayerContext,
  openPlayerFromLibrary,
  openStoryFirstChapter,
  RENDER_RUNS,
  signedLags,
  syntheticTranscript,
  transcriptPath,
  type BenchWindow,
} from './player.ts';

const require = createRequire(import.meta.url);
/** node_modules/hyperaudio-lite/js/hyperaudio-lite.js, the browser script as published. */
const HYPERAUDIO_SCRIPT = require.resolve('hyperaudio-lite');
const HYPERAUDIO_VERSION = (
  JSON.parse(
    readFileSync(path.join(path.dirname(HYPERAUDIO_SCRIPT), '..', 'package.json'), 'utf8'),
  ) as { version: string }
).version;
const hyperaudioScript = () => readFileSync(HYPERAUDIO_SCRIPT, 'utf8');

const BENCH_PREFIX = '/__bench';
const BENCH_TRANSCRIPT = `${BENCH_PREFIX}/transcript.json`;

export type BaselineKind = 'plain' | 'hyperaudio' | 'timeupdate';

export interface LagSummary {
  rate: number;
  words: number;
  missed: number;
  p50Ms: number;
  p95Ms: number;
}

export interface BaselineFigures {
  hyperaudioVersion: string;
  /** responseEnd → painted, median of RENDER_RUNS fresh pages. */
  render: { plainMs: number; hyperaudioMs: number; oursMs: number; words: number };
  /** Per rate, our player and the two others, with the same probe. */
  lag: { ours: LagSummary[]; hyperaudio: LagSummary[]; timeupdate: LagSummary[] };
}

// ---------------------------------------------------------------------------------------------
// The test pages (no framework; inline scripts are allowed: these pages carry no CSP).

const PAGE_STYLE =
  '<style>body{font:16px/1.6 system-ui;margin:0 auto;max-width:48rem;padding:1rem}' +
  '[data-w].active,[data-w][data-active]{background:#fde68a}</style>';

/** Writes a transcript as plain spans, hyperaudio's attributes included when asked. */
const WRITE_SPANS = `
function writeSpans(root, transcript, hyperaudio) {
  const parts = [];
  let w = 0;
  for (const segment of transcript.segments) {
    parts.push('<li><p>');
    for (const word of segment.words) {
      const timing = hyperaudio
        ? ' data-m="' + Math.round(word.start * 1000) + '" data-d="' + Math.round((word.end - word.start) * 1000) + '"'
        : '';
      parts.push('<span data-w="' + w + '"' + timing + '>' + word.text.replace(/[&<>]/g, '') + ' </span>');
      w += 1;
    }
    parts.push('</p></li>');
  }
  root.innerHTML = parts.join('');
}`;

function testPage(kind: BaselineKind, options: { audioUrl: string | null }): string {
  // hyperaudio-lite needs its player element even where nothing plays (the render runs).
  const audio = options.audioUrl
    ? `<audio id="hyperplayer" preload="auto" src="${options.audioUrl}"></audio>`
    : '<audio id="hyperplayer"></audio>';
  const library =
    kind === 'hyperaudio' ? `<script src="${BENCH_PREFIX}/hyperaudio-lite.js"></script>` : '';
  const start =
    kind === 'plain'
      ? 'writeSpans(root, transcript, false);'
      : kind === 'hyperaudio'
        ? `writeSpans(root, transcript, true);
           window.__hyperaudio = new HyperaudioLite({ transcript: 'hypertranscript', player: 'hyperplayer', autoScroll: false });`
        : `writeSpans(root, transcript, false);
           const starts = transcript.segments.flatMap((s) => s.words.map((w) => w.start));
           const spans = root.querySelectorAll('[data-w]');
           let active = -1;
           const media = document.getElementById('hyperplayer');
           media.addEventListener('timeupdate', () => {
             const t = media.currentTime;
             let lo = 0, hi = starts.length - 1, found = -1;
             while (lo <= hi) { const mid = (lo + hi) >> 1; if (starts[mid] <= t) { found = mid; lo = mid + 1; } else hi = mid - 1; }
             if (found === active) return;
             if (active >= 0) spans[active].classList.remove('active');
             if (found >= 0) spans[found].classList.add('active');
             active = found;
           });`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${kind}</title>${PAGE_STYLE}${library}</head>
<body><h1>${kind}</h1>${audio}<div id="hypertranscript"><ol class="tr-root"></ol></div>
<script>
${WRITE_SPANS}
const root = document.querySelector('ol.tr-root');
// Like our player reached inside the app: the page is loaded and painted before the transcript
// is asked for.
const afterFirstPaint = new Promise((resolve) =>
  addEventListener('load', () => requestAnimationFrame(() => setTimeout(resolve, 0))),
);
afterFirstPaint.then(() => fetch(${JSON.stringify(BENCH_TRANSCRIPT)})).then((r) => r.json()).then((transcript) => {
  ${start}
  const player = document.getElementById('hyperplayer');
  if (player) window.__relatosPlayer = { audio: player, transcriptRoot: root, lastHighlightAt: 0, lastHighlightAudioTime: 0, activeWordIndex: -1, activeSegmentIndex: -1 };
  window.__baselineReady = true;
});
</script></body></html>`;
}

/** Answers the test page, its transcript and hyperaudio's script under the app's origin. */
async function routeTestPage(
  page: Page,
  kind: BaselineKind,
  transcriptBody: string,
  audioUrl: string | null,
) {
  await page.route(
    (url) => url.pathname.startsWith(`${BENCH_PREFIX}/`),
    (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname === BENCH_TRANSCRIPT)
        return route.fulfill({ contentType: 'application/json', body: transcriptBody });
      if (pathname === `${BENCH_PREFIX}/hyperaudio-lite.js`)
        return route.fulfill({ contentType: 'text/javascript', body: hyperaudioScript() });
      return route.fulfill({ contentType: 'text/html', body: testPage(kind, { audioUrl }) });
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Render: responseEnd of the transcript → end of the frame painting its last word.

async function renderOnce(
  context: BrowserContext,
  open: (page: Page) => Promise<void>,
  path: string,
  words: number,
): Promise<number> {
  const page = await context.newPage();
  await open(page);
  await page.waitForFunction(
    () => (window as unknown as BenchWindow).__playerBench?.render != null,
  );
  const result = await page.evaluate((path) => {
    const bench = (window as unknown as BenchWindow).__playerBench!;
    const entry = performance
      .getEntriesByType('resource')
      .find((candidate) => new URL(candidate.name).pathname === path) as
      PerformanceResourceTiming | undefined;
    return {
      paintedAt: bench.render!.paintedAt,
      responseEnd: entry?.responseEnd ?? null,
      shown: document.querySelectorAll('ol.tr-root [data-w]').length,
    };
  }, path);
  if (result.responseEnd === null) throw new Error(`no resource timing for ${path}`);
  if (result.shown !== words) throw new Error(`${result.shown} words shown instead of ${words}`);
  return result.paintedAt - result.responseEnd;
}

async function measureRenders(browser: Browser, baseUrl: string, chapterId: string) {
  const transcript = syntheticTranscript();
  const words = transcript.segments.reduce((sum, segment) => sum + segment.words.length, 0);
  const body = JSON.stringify(transcript);
  const runs = { plain: [] as number[], hyperaudio: [] as number[], ours: [] as number[] };
  // Interleaved, so a burst of load on the machine touches all three alike.
  for (let run = 0; run < RENDER_RUNS; run += 1) {
    for (const kind of ['plain', 'hyperaudio', 'ours'] as const) {
      const context = await newPlayerContext(browser, words);
      try {
        if (kind === 'ours') {
          const path = transcriptPath(chapterId);
          runs.ours.push(
            await renderOnce(
              context,
              (page) => openPlayerFromLibrary(page, baseUrl, chapterId, body),
              path,
              words,
            ),
          );
        } else {
          runs[kind].push(
            await renderOnce(
              context,
              async (page) => {
                await routeTestPage(page, kind, body, null);
                await page.goto(`${baseUrl}${BENCH_PREFIX}/${kind}.html`, {
                  waitUntil: 'domcontentloaded',
                });
              },
              BENCH_TRANSCRIPT,
              words,
            ),
          );
        }
      } finally {
        await context.close();
      }
    }
  }
  return {
    plainMs: median(runs.plain),
    hyperaudioMs: median(runs.hyperaudio),
    oursMs: median(runs.ours),
    words,
  };
}

// ---------------------------------------------------------------------------------------------
// Highlight lag with one probe for every page.

interface MarkWindow {
  __marks?: { word: number; at: number }[];
  __marking?: boolean;
}

/** Notes when any page marks a word active: our `data-active`, or the `active` class. */
function installMarkObserver() {
  const win = window as unknown as MarkWindow;
  win.__marks = [];
  win.__marking = false;
  const observer = new MutationObserver((records) => {
    if (!win.__marking) return;
    const at = performance.now();
    for (const record of records) {
      const element = record.target;
      if (!(element instanceof HTMLElement) || !element.hasAttribute('data-w')) continue;
      const marked = element.hasAttribute('data-active') || element.classList.contains('active');
      const was =
        record.attributeName === 'class'
          ? (record.oldValue ?? '').split(/\s+/).includes('active')
          : record.oldValue !== null;
      if (marked && !was) win.__marks!.push({ word: Number(element.dataset.w), at });
    }
  });
  const start = () =>
    observer.observe(document.documentElement, {
      subtree: true,
      attributes: true,
      attributeOldValue: true,
      attributeFilter: ['class', 'data-active'],
    });
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}

async function lagRun(page: Page, rate: number, ms: number): Promise<LagSummary> {
  await page.evaluate((rate) => {
    const win = window as unknown as BenchWindow & MarkWindow;
    const audio = win.__relatosPlayer!.audio;
    audio.pause();
    audio.playbackRate = rate;
    win.__marks = [];
    win.__marking = true;
    const bench = win.__playerBench!;
    bench.expected = [];
    bench.setMode('lag');
  }, rate);
  const before = await page.evaluate(
    () => (window as unknown as BenchWindow).__relatosPlayer!.audio.currentTime,
  );
  await page.evaluate(() => (window as unknown as BenchWindow).__relatosPlayer!.audio.play());
  await page.waitForTimeout(ms);
  const data = await page.evaluate(() => {
    const win = window as unknown as BenchWindow & MarkWindow;
    win.__playerBench!.setMode('idle');
    win.__marking = false;
    win.__relatosPlayer!.audio.pause();
    return {
      expected: win.__playerBench!.expected,
      marks: win.__marks!,
      time: win.__relatosPlayer!.audio.currentTime,
    };
  });
  if (data.time - before < (ms / 1000) * rate * 0.5)
    throw new Error(`the audio clock advanced ${(data.time - before).toFixed(2)} s at ${rate}×`);
  const lags = signedLags(data.expected, data.marks).map((lag) => Math.max(0, lag));
  return { rate, ...lagCounts(lags) };
}

/** Loads the word starts and ends of the real transcript into the probe. */
async function loadWordTimes(page: Page, transcriptJson: string) {
  await page.evaluate((json) => {
    const data = JSON.parse(json) as { segments: { words: { start: number; end: number }[] }[] };
    const bench = (window as unknown as BenchWindow).__playerBench!;
    bench.starts = [];
    bench.ends = [];
    let last = 0;
    for (const segment of data.segments) {
      for (const word of segment.words) {
        last = Math.max(last, word.start);
        bench.starts.push(last);
        bench.ends.push(word.end);
      }
    }
  }, transcriptJson);
}

async function measureLags(
  browser: Browser,
  baseUrl: string,
  chapterId: string,
  kind: 'ours' | 'hyperaudio' | 'timeupdate',
): Promise<LagSummary[]> {
  const transcriptJson = await (await fetch(`${baseUrl}${transcriptPath(chapterId)}`)).text();
  const context = await newPlayerContext(browser, null);
  await context.addInitScript(installMarkObserver);
  try {
    const page = await context.newPage();
    if (kind === 'ours') {
      await page.goto(`${baseUrl}/player/${chapterId}`, { waitUntil: 'domcontentloaded' });
    } else {
      await routeTestPage(page, kind, transcriptJson, `/api/chapters/${chapterId}/audio`);
      await page.goto(`${baseUrl}${BENCH_PREFIX}/${kind}.html`, { waitUntil: 'domcontentloaded' });
    }
    await page.waitForFunction(() => {
      const handle = (window as unknown as BenchWindow).__relatosPlayer;
      return handle !== undefined && handle.audio.readyState >= 1;
    });
    await loadWordTimes(page, transcriptJson);
    const results: LagSummary[] = [];
    for (const { rate, ms } of LAG_RUNS) results.push(await lagRun(page, rate, ms));
    return results;
  } finally {
    await context.close();
  }
}

/** Runs the floors and baselines against the server at `baseUrl`. */
export async function measurePlayerBaselines(
  baseUrl: string,
  log: (message: string) => void = () => undefined,
): Promise<BaselineFigures> {
  const chapterId = await openStoryFirstChapter(baseUrl);
  const browser = await launchChromium();
  try {
    log(`player baselines: render of the 9,000 words, ours beside plain spans and hyperaudio-lite`);
    const render = await measureRenders(browser, baseUrl, chapterId);
    const lag = {
      ours: [] as LagSummary[],
      hyperaudio: [] as LagSummary[],
      timeupdate: [] as LagSummary[],
    };
    for (const kind of ['ours', 'hyperaudio', 'timeupdate'] as const) {
      log(
        `player baselines: highlight lag of ${kind} at ${LAG_RUNS.map((r) => `${r.rate}×`).join(', ')}`,
      );
      lag[kind] = await measureLags(browser, baseUrl, chapterId, kind);
    }
    return { hyperaudioVersion: HYPERAUDIO_VERSION, render, lag };
  } finally {
    await browser.close();
  }
}

const ratio = (ours: number, theirs: number) =>
  Number.isFinite(ours) && Number.isFinite(theirs) && theirs > 0 ? ours / theirs : Number.NaN;

/** The figures as lines: each beside its floor or baseline, with the ratio. */
export function baselineLines(figures: BaselineFigures): string[] {
  const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '∞');
  const x = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a');
  const { render, lag } = figures;
  const lines = [
    `Player floors and baselines (same run, same probe; hyperaudio-lite ${figures.hyperaudioVersion}):`,
    `  render of ${render.words} words: ours ${ms(render.oursMs)} · plain spans, no framework (floor) ${ms(render.plainMs)} → ratio ${x(ratio(render.oursMs, render.plainMs))} · hyperaudio-lite ${ms(render.hyperaudioMs)} → ratio ${x(ratio(render.oursMs, render.hyperaudioMs))}`,
  ];
  lag.ours.forEach((ours, i) => {
    const hyper = lag.hyperaudio[i]!;
    const plain = lag.timeupdate[i]!;
    lines.push(
      `  highlight lag at ${ours.rate}× p50/p95: ours ${ms(ours.p50Ms)} / ${ms(ours.p95Ms)} (${ours.words} words, ${ours.missed} missed)` +
        ` · hyperaudio-lite ${ms(hyper.p50Ms)} / ${ms(hyper.p95Ms)} (${hyper.missed} missed) → ratio ${x(ratio(ours.p50Ms, hyper.p50Ms))} / ${x(ratio(ours.p95Ms, hyper.p95Ms))}` +
        ` · timeupdate ${ms(plain.p50Ms)} / ${ms(plain.p95Ms)} (${plain.missed} missed) → ratio ${x(ratio(ours.p50Ms, plain.p50Ms))} / ${x(ratio(ours.p95Ms, plain.p95Ms))}`,
    );
  });
  return lines;
}

// Alone: `node --import tsx bench/player-baselines.ts <baseUrl>` against a running server.
if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = process.argv[2];
  if (!baseUrl) throw new Error('usage: player-baselines.ts <baseUrl>');
  const figures = await measurePlayerBaselines(baseUrl, (message) =>
    console.error(`[bench] ${message}`),
  );
  for (const line of baselineLines(figures)) console.log(line);
}
