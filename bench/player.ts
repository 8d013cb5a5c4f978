/**
 * The player's transcript budgets (issue 4, "Transcript → Performance"), measured in headless
 * Chromium against the built app:
 *
 * 1. Render of a 9,000-word transcript (an hour of speech). The chapter's transcript request is
 *    answered by `page.route` with a synthetic transcript built here (1,000 lines of 9 words, an
 *    hour of timings, a translation per line and a gloss per word, like the shipped content).
 *    The player's own HTML carries its transcript (decision 037), so the page is reached by a
 *    navigation inside the app, from /library, where the transcript comes from the API.
 *    Start: `responseEnd` of that request's PerformanceResourceTiming (the moment its body is
 *    available to the page). End: the first paint showing it. An init script's MutationObserver
 *    notes when the transcript list holds the last of the 9,000 word spans (the app writes them
 *    in one commit); the next animation frame then styles, lays out and paints them, and a task
 *    posted from that frame's requestAnimationFrame callback runs once the main thread has
 *    finished the frame (rAF → style → layout → paint → commit form one task in Chromium). Its
 *    performance.now() is the end. The time of the following frame's rAF callback is printed as
 *    well (an upper bound: the compositor has shown the frame by then). Paint entries cannot serve:
 *    first-contentful-paint happened with the page's shell, long before the transcript. Five
 *    fresh pages (empty cache); the median is held to the budget, the max is printed.
 * 2. Highlight lag at 1× and 2× (the demo chapter's real transcript and audio). On every animation
 *    frame an init script reads `audio.currentTime`, finds the word that should be active (binary
 *    search over the word starts, with the app's rule that a word stays active until 0.25 s after
 *    its end) and, when it changes, notes the wall time at which it should have become active:
 *    now − (currentTime − word.start) / rate × 1000. The page's benchmark handle
 *    (`window.__relatosPlayer`, enabled by localStorage['relatos.bench'] = '1') is instrumented so
 *    each change of `activeWordIndex` is logged with the `lastHighlightAt` written just before it.
 *    Lag = lastHighlightAt − expected wall time, floored at 0; a word never highlighted counts as
 *    an infinite lag. A highlight driven by animation frames lags by up to one frame by design.
 *    Since the floor hides a highlight that runs ahead of the audio (the app looks half a frame
 *    ahead), the details also print how many came early, the earliest, and the signed median.
 * 3. Main-thread work per frame while playing at 1×: CDP Performance.getMetrics before and after
 *    a playback interval (TaskDuration, which contains ScriptDuration, LayoutDuration and
 *    RecalcStyleDuration; the DevTools commands' own time is subtracted), divided by the animation
 *    frames counted in the page over the same interval. Durations are the main thread's CPU time
 *    (timeDomain threadTicks), so other processes competing for the CPU do not inflate them. The
 *    lag probe is idle then; only a frame counter runs.
 * 4. Click to play: with the audio paused, 20 real mouse clicks on different words. From the
 *    pointerdown event's timestamp to the first `playing` or `timeupdate` event after which the
 *    audio plays (not paused, not seeking, readyState ≥ HAVE_FUTURE_DATA) within 0.3 s of the
 *    word's start.
 *
 * Headless Chromium plays media through a null audio sink: the clock advances in real time with
 * no sound device (checked here: a run fails when the clock does not move).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './lib/chromium.ts';

export const OPEN_STORY_SLUG = 'la-panaderia-de-la-calle-luna';

const SYNTHETIC = { segments: 1_000, wordsPerSegment: 9, seconds: 3_600 };
export const RENDER_RUNS = 5;
/** Seconds of playback per rate: about 40 word changes each with the demo chapter's pace. */
export const LAG_RUNS = [
  { rate: 1, ms: 20_000 },
  { rate: 2, ms: 12_000 },
] as const;
const MAIN_THREAD_RUN_MS = 6_000;
/** The highlight lag again with the listening assist's repeat-line + auto-pause on (decision 034). */
const ASSIST_LAG_RUN = { rate: 1, ms: 12_000, modes: 'repeat line + auto-pause' } as const;
const CLICKS = 20;
/** The app keeps a word active until this long after its end (#shared/player/timing). */
const WORD_TAIL_SECONDS = 0.25;
const CLICK_TOLERANCE_SECONDS = 0.3;
const STEP_TIMEOUT_MS = 30_000;

export interface RenderRun {
  /** responseEnd → end of the main thread's work for the first frame showing the words. */
  paintMs: number;
  /** responseEnd → the words are in the DOM (the commit that writes them). */
  domMs: number;
  /** responseEnd → start of the frame after it (an upper bound of the paint). */
  nextFrameMs: number;
}

export interface LagFigures {
  rate: number;
  /** Expected word changes seen in the run. */
  words: number;
  missed: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Median frame interval during the run (the lag's quantum). */
  frameMs: number;
  frames: number;
  /** Frames that came more than 1.5 intervals after the previous one (jank, a busy machine). */
  longFrames: number;
  /**
   * Highlights that came before the word's start (counted as lag 0), and the earliest of them
   * (ms, negative): the lag alone would not show a highlight that runs ahead of the audio.
   */
  early: number;
  earliestMs: number;
  /** Median of the signed error (highlight − expected), early highlights negative. */
  signedP50Ms: number;
  /** The listening assist's modes on during the run, if any. */
  assist?: string;
}

export interface MainThreadFigures {
  frames: number;
  seconds: number;
  taskMsPerFrame: number;
  scriptMsPerFrame: number;
  layoutMsPerFrame: number;
  styleMsPerFrame: number;
}

export interface ClickFigures {
  clicks: number;
  failures: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Which event first showed playback at the word, with counts. */
  via: Record<string, number>;
}

export interface PlayerFigures {
  chapterId: string;
  transcriptWords: number;
  render: { words: number; runs: RenderRun[]; medianMs: number; maxMs: number };
  lag: LagFigures[];
  mainThread: MainThreadFigures;
  click: ClickFigures;
}

// ---------------------------------------------------------------------------------------------
// What runs in the page (serialised by Playwright: no closures over this module).

export interface BenchHandle {
  audio: HTMLAudioElement;
  transcriptRoot: HTMLElement;
  lastHighlightAt: number;
  lastHighlightAudioTime: number;
  activeWordIndex: number;
  activeSegmentIndex: number;
}

interface RenderProbe {
  domAt: number;
  paintedAt: number;
  nextFrameAt: number;
}

interface ClickRecord {
  word: number;
  start: number;
  downAt: number;
  playedAt: number | null;
  via: string | null;
}

export interface PageBench {
  render: RenderProbe | null;
  mode: 'idle' | 'lag' | 'count';
  starts: number[];
  ends: number[];
  frames: number;
  frameTimes: number[];
  expected: { word: number; wall: number }[];
  changes: { word: number; at: number }[];
  clicks: ClickRecord[];
  pendingClick: ClickRecord | null;
  setMode(mode: PageBench['mode']): void;
}

export interface BenchWindow {
  __relatosPlayer?: BenchHandle;
  __playerBench?: PageBench;
}

/** Installed before any page script: the render probe, the frame loop and the click listeners. */
export function installProbe(config: {
  renderWords: number | null;
  wordTail: number;
  tolerance: number;
}) {
  const win = window as unknown as BenchWindow;
  let looping = false;
  let previous: number | null = null;
  const instrumented = new WeakSet<object>();

  const bench: PageBench = {
    render: null,
    mode: 'idle',
    starts: [],
    ends: [],
    frames: 0,
    frameTimes: [],
    expected: [],
    changes: [],
    clicks: [],
    pendingClick: null,
    setMode(mode) {
      bench.mode = mode;
      previous = null;
      if (!looping && mode !== 'idle') {
        looping = true;
        requestAnimationFrame(frame);
      }
    },
  };
  win.__playerBench = bench;

  // 1. The first paint of the whole transcript.
  if (config.renderWords !== null) {
    const lastWord = String(config.renderWords - 1);
    const observer = new MutationObserver(() => {
      const root = document.querySelector('ol.tr-root');
      const spans = root?.lastElementChild?.querySelectorAll('[data-w]');
      const last = spans?.[spans.length - 1];
      if (!last || last.getAttribute('data-w') !== lastWord) return;
      observer.disconnect();
      const domAt = performance.now();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const paintedAt = performance.now();
          requestAnimationFrame(() => {
            bench.render = { domAt, paintedAt, nextFrameAt: performance.now() };
          });
        };
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document, { childList: true, subtree: true });
  }

  // 2. Every change of the app's active word, with the time the app noted for it.
  const instrument = (handle: BenchHandle) => {
    if (instrumented.has(handle)) return;
    instrumented.add(handle);
    let value = handle.activeWordIndex;
    Object.defineProperty(handle, 'activeWordIndex', {
      configurable: true,
      enumerable: true,
      get: () => value,
      set: (next: number) => {
        // The app writes lastHighlightAt before activeWordIndex.
        if (next !== value && bench.mode === 'lag') {
          bench.changes.push({ word: next, at: handle.lastHighlightAt });
        }
        value = next;
      },
    });
  };

  const expectedWord = (time: number) => {
    const { starts, ends } = bench;
    let low = 0;
    let high = starts.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (starts[middle]! <= time) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    return found >= 0 && time <= ends[found]! + config.wordTail ? found : -1;
  };

  const frame = (timestamp: number) => {
    if (bench.mode === 'idle') {
      looping = false;
      return;
    }
    requestAnimationFrame(frame);
    bench.frames += 1;
    if (bench.mode !== 'lag') return;
    bench.frameTimes.push(timestamp);
    const handle = win.__relatosPlayer;
    if (!handle) return;
    instrument(handle);
    const now = performance.now();
    const audio = handle.audio;
    const time = audio.currentTime;
    if (audio.paused || audio.seeking) {
      previous = null;
      return;
    }
    const word = expectedWord(time);
    if (previous === null) {
      // The word already active when the run starts is no transition.
      previous = word;
      return;
    }
    if (word === previous) return;
    previous = word;
    if (word >= 0) {
      const late = ((time - bench.starts[word]!) / audio.playbackRate) * 1000;
      bench.expected.push({ word, wall: now - late });
    }
  };

  // 4. Click to play: the word pressed, then the first media event showing playback there.
  window.addEventListener(
    'pointerdown',
    (event) => {
      const target = event.target instanceof Element ? event.target.closest('[data-w]') : null;
      if (!target) return;
      const word = Number(target.getAttribute('data-w'));
      bench.pendingClick = {
        word,
        start: bench.starts[word] ?? Number.NaN,
        downAt: event.timeStamp,
        playedAt: null,
        via: null,
      };
    },
    true,
  );
  const onMedia = (event: Event) => {
    const click = bench.pendingClick;
    const audio = event.target;
    if (!click || !(audio instanceof HTMLMediaElement)) return;
    if (audio.paused || audio.seeking || audio.readyState < 3) return;
    if (Math.abs(audio.currentTime - click.start) > config.tolerance) return;
    click.playedAt = event.timeStamp;
    click.via = event.type;
    bench.clicks.push(click);
    bench.pendingClick = null;
  };
  // Media events do not bubble, but they do cross the capture phase of the document.
  document.addEventListener('playing', onMedia, true);
  document.addEventListener('timeupdate', onMedia, true);
}

// ---------------------------------------------------------------------------------------------

/** The synthetic hour of speech: 1,000 lines of 9 words, ~0.4 s a word. */
export function syntheticTranscript() {
  const vocabulary = [
    ['la', 'the'],
    ['panadera', 'baker'],
    ['abre', 'opens'],
    ['puerta', 'door'],
    ['cada', 'each'],
    ['mañana', 'morning'],
    ['con', 'with'],
    ['una', 'a'],
    ['sonrisa', 'smile'],
    ['el', 'the'],
    ['pan', 'bread'],
    ['huele', 'smells'],
    ['canela', 'cinnamon'],
    ['y', 'and'],
    ['miel', 'honey'],
    ['ciudad', 'city'],
    ['despierta', 'wakes up'],
    ['despacio', 'slowly'],
    ['calle', 'street'],
    ['luna', 'moon'],
  ] as const;
  const { segments: count, wordsPerSegment, seconds } = SYNTHETIC;
  const segmentSeconds = seconds / count;
  const wordSeconds = (segmentSeconds - 0.3) / wordsPerSegment;
  const segments = [];
  for (let s = 0; s < count; s += 1) {
    const segmentStart = s * segmentSeconds + 0.1;
    const words = [];
    for (let k = 0; k < wordsPerSegment; k += 1) {
      const [text, gloss] = vocabulary[(s * 7 + k * 3) % vocabulary.length]!;
      const start = segmentStart + k * wordSeconds;
      words.push({
        id: `s${s + 1}w${k + 1}`,
        text: k === 0 ? text[0]!.toUpperCase() + text.slice(1) : text,
        start: round(start),
        end: round(start + wordSeconds * 0.92),
        gloss,
      });
    }
    segments.push({
      id: `s${s + 1}`,
      start: words[0]!.start,
      end: words[words.length - 1]!.end,
      text: `${words.map((word) => word.text).join(' ')}.`,
      translation: `${words.map((word) => word.gloss).join(' ')}.`,
      words,
    });
  }
  return { segments };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Nearest-rank percentile of numbers (Infinity allowed). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

/**
 * Each expected word's first highlight minus the wall time it was due (ms): negative when early,
 * Infinity when it never came. A word is spoken once per run.
 */
export const signedLags = (
  expected: readonly { word: number; wall: number }[],
  highlights: readonly { word: number; at: number }[],
): number[] =>
  expected.map(({ word, wall }) => {
    const highlight = highlights.find((candidate) => candidate.word === word);
    return highlight ? highlight.at - wall : Number.POSITIVE_INFINITY;
  });

/** How many words a lag run expected, how many were never highlighted, and its p50 and p95. */
export const lagCounts = (lags: readonly number[]) => ({
  words: lags.length,
  missed: lags.filter((lag) => lag === Number.POSITIVE_INFINITY).length,
  p50Ms: percentile(lags, 0.5),
  p95Ms: percentile(lags, 0.95),
});

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export async function openStoryFirstChapter(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/stories`, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`GET /api/stories answered ${response.status}`);
  const body = (await response.json()) as {
    stories: { slug: string; chapters: { id: string; position: number }[] }[];
  };
  const story = body.stories.find((candidate) => candidate.slug === OPEN_STORY_SLUG);
  const chapter = story?.chapters.toSorted((a, b) => a.position - b.position)[0];
  if (!chapter) throw new Error(`the demo story ${OPEN_STORY_SLUG} or its chapter is missing`);
  return chapter.id;
}

/**
 * Built assets the pages could not load. The server reads dist/client/index.html once at start:
 * a `vite build` during the run (another test run, say) replaces the hashed files it names.
 */
const missingAssets = new Set<string>();

export async function newPlayerContext(
  browser: Browser,
  renderWords: number | null,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  context.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (response.status() === 404 && pathname.startsWith('/assets/')) missingAssets.add(pathname);
  });
  // tsx compiles this file with esbuild's keepNames, which wraps named functions in `__name(...)`:
  // functions serialised into the page need that helper to exist there.
  await context.addInitScript('globalThis.__name ??= (fn) => fn;');
  await context.addInitScript(() => localStorage.setItem('relatos.bench', '1'));
  await context.addInitScript(installProbe, {
    renderWords,
    wordTail: WORD_TAIL_SECONDS,
    tolerance: CLICK_TOLERANCE_SECONDS,
  });
  return context;
}

export const transcriptPath = (chapterId: string) => `/api/chapters/${chapterId}/transcript`;

/**
 * Opens the chapter's player on a navigation inside the app, from the library, with its
 * transcript answered by `body`. The player's own HTML carries its transcript (decision 037): the
 * render of a transcript that arrives from the API is measured this way.
 */
export async function openPlayerFromLibrary(
  page: Page,
  baseUrl: string,
  chapterId: string,
  body: string,
): Promise<void> {
  const path = transcriptPath(chapterId);
  await page.route(
    (url) => url.pathname === path,
    (route) => route.fulfill({ status: 200, contentType: 'application/json', body }),
  );
  await page.goto(`${baseUrl}/library`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('html[data-app-ready="true"]', { state: 'attached' });
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/player/${chapterId}`);
}

async function measureRender(
  browser: Browser,
  baseUrl: string,
  chapterId: string,
): Promise<{ words: number; runs: RenderRun[] }> {
  const transcript = syntheticTranscript();
  const words = transcript.segments.reduce((sum, segment) => sum + segment.words.length, 0);
  const body = JSON.stringify(transcript);
  const path = transcriptPath(chapterId);
  const runs: RenderRun[] = [];
  for (let run = 0; run < RENDER_RUNS; run += 1) {
    const context = await newPlayerContext(browser, words);
    try {
      const page = await context.newPage();
      await openPlayerFromLibrary(page, baseUrl, chapterId, body);
      await page.waitForFunction(
        () => (window as unknown as BenchWindow).__playerBench?.render != null,
      );
      const result = await page.evaluate(
        ({ path, words }) => {
          const bench = (window as unknown as BenchWindow).__playerBench!;
          const entry = performance
            .getEntriesByType('resource')
            .find((candidate) => new URL(candidate.name).pathname === path) as
            PerformanceResourceTiming | undefined;
          const shown = document.querySelectorAll('ol.tr-root [data-w]').length;
          return { probe: bench.render!, responseEnd: entry?.responseEnd ?? null, shown, words };
        },
        { path, words },
      );
      if (result.responseEnd === null || result.responseEnd <= 0) {
        throw new Error('no resource timing for the transcript request');
      }
      if (result.shown !== words) {
        throw new Error(`the page shows ${result.shown} words instead of ${words}`);
      }
      const { probe, responseEnd } = result;
      runs.push({
        paintMs: probe.paintedAt - responseEnd,
        domMs: probe.domAt - responseEnd,
        nextFrameMs: probe.nextFrameAt - responseEnd,
      });
    } finally {
      await context.close();
    }
  }
  return { words, runs };
}

/** The page's probe, as a handle to evaluate functions on. */
const probeOf = (page: Page) =>
  page.evaluateHandle(() => (window as unknown as BenchWindow).__playerBench!);

async function play(page: Page) {
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForFunction(() => {
    const audio = (window as unknown as BenchWindow).__relatosPlayer?.audio;
    return audio !== undefined && !audio.paused && audio.readyState >= 3;
  });
}

const pause = (page: Page) =>
  page.evaluate(() => (window as unknown as BenchWindow).__relatosPlayer?.audio.pause());

async function setRate(page: Page, rate: number) {
  await page.getByLabel('Playback speed').selectOption(String(rate));
  await page.waitForFunction(
    (rate) => (window as unknown as BenchWindow).__relatosPlayer?.audio.playbackRate === rate,
    rate,
  );
}

const playContinuously = async (page: Page, runMs: number) => {
  await play(page);
  await page.waitForTimeout(runMs);
};

/**
 * With repeat-line + auto-pause on, each line plays to its end, where the assist pauses and goes
 * back to the line's start; the bench then goes on to the next line (as the media keys' next
 * track would), so each word is heard once in the run.
 */
const playLineByLine =
  (lineStarts: readonly number[]) =>
  async (page: Page, runMs: number): Promise<void> => {
    const until = Date.now() + runMs;
    while (Date.now() < until) {
      await play(page);
      await page.waitForFunction(
        () => (window as unknown as BenchWindow).__relatosPlayer!.audio.paused,
      );
      const more = await page.evaluate((starts) => {
        const audio = (window as unknown as BenchWindow).__relatosPlayer!.audio;
        const next = starts.find((start) => start > audio.currentTime + 0.05);
        if (next === undefined) return false;
        audio.currentTime = next;
        return true;
      }, lineStarts);
      if (!more) break;
    }
  };

async function measureLag(
  page: Page,
  rate: number,
  runMs: number,
  drive: (page: Page, runMs: number) => Promise<void> = playContinuously,
): Promise<LagFigures> {
  const probe = await probeOf(page);
  await setRate(page, rate);
  await probe.evaluate((b) => {
    b.expected = [];
    b.changes = [];
    b.frameTimes = [];
    b.setMode('lag');
  });
  const clockBefore = await page.evaluate(
    () => (window as unknown as BenchWindow).__relatosPlayer!.audio.currentTime,
  );
  await drive(page, runMs);
  const data = await probe.evaluate((b) => {
    b.setMode('idle');
    return { expected: b.expected, changes: b.changes, frameTimes: b.frameTimes };
  });
  await pause(page);
  const clockAfter = await page.evaluate(
    () => (window as unknown as BenchWindow).__relatosPlayer!.audio.currentTime,
  );
  const advanced = clockAfter - clockBefore;
  if (advanced < (runMs / 1000) * rate * 0.5) {
    throw new Error(
      `the audio clock advanced ${advanced.toFixed(2)} s in ${runMs / 1000} s at ${rate}×`,
    );
  }

  const signed = signedLags(data.expected, data.changes);
  const lags = signed.map((error) => Math.max(0, error));
  const early = signed.filter((error) => error < 0);
  const intervals = data.frameTimes.slice(1).map((time, i) => time - data.frameTimes[i]!);
  const frameMs = intervals.length ? median(intervals) : Number.NaN;
  return {
    rate,
    ...lagCounts(lags),
    maxMs: lags.length ? Math.max(...lags) : Number.NaN,
    frameMs,
    frames: data.frameTimes.length,
    longFrames: intervals.filter((interval) => interval > frameMs * 1.5).length,
    early: early.length,
    earliestMs: early.length ? Math.min(...early) : 0,
    signedP50Ms: percentile(signed, 0.5),
  };
}

type Metrics = Record<string, number>;

/**
 * CDP Performance metrics of the page, durations in the main thread's CPU time (timeDomain
 * threadTicks): other processes competing for the CPU do not inflate them.
 */
export async function mainThreadMetrics(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  return {
    read: async (): Promise<Metrics> => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return Object.fromEntries(metrics.map((metric) => [metric.name, metric.value]));
    },
    detach: () => cdp.detach(),
  };
}

/** The main thread's task time between two readings (ms), the DevTools commands' own left out. */
export const taskMsBetween = (before: Metrics, after: Metrics) =>
  ((after.TaskDuration ?? 0) -
    (before.TaskDuration ?? 0) -
    ((after.DevToolsCommandDuration ?? 0) - (before.DevToolsCommandDuration ?? 0))) *
  1000;

async function measureMainThread(page: Page): Promise<MainThreadFigures> {
  const { read: metrics, detach } = await mainThreadMetrics(page);
  const probe = await probeOf(page);
  try {
    await setRate(page, 1);
    await probe.evaluate((b) => b.setMode('count'));
    await play(page);
    // Let the start of playback (events, React updates of the bar) settle.
    await page.waitForTimeout(500);
    const before = await metrics();
    const framesBefore = await probe.evaluate((b) => b.frames);
    await page.waitForTimeout(MAIN_THREAD_RUN_MS);
    const framesAfter = await probe.evaluate((b) => b.frames);
    const after = await metrics();
    await probe.evaluate((b) => b.setMode('idle'));
    await pause(page);

    const delta = (name: string) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
    const frames = framesAfter - framesBefore;
    if (frames <= 0) throw new Error('no animation frame while playing');
    const task = taskMsBetween(before, after);
    return {
      frames,
      seconds: (after.Timestamp ?? 0) - (before.Timestamp ?? 0) || MAIN_THREAD_RUN_MS / 1000,
      taskMsPerFrame: task / frames,
      scriptMsPerFrame: delta('ScriptDuration') / frames,
      layoutMsPerFrame: delta('LayoutDuration') / frames,
      styleMsPerFrame: delta('RecalcStyleDuration') / frames,
    };
  } finally {
    await detach();
  }
}

async function measureClicks(page: Page, wordCount: number): Promise<ClickFigures> {
  const durations: number[] = [];
  const via: Record<string, number> = {};
  let failures = 0;
  const probe = await probeOf(page);
  for (let i = 0; i < CLICKS; i += 1) {
    // Different words across the chapter, in an order that jumps back and forth.
    const order = i % 2 === 0 ? i / 2 : CLICKS - 1 - (i - 1) / 2;
    const word = Math.min(wordCount - 1, Math.round(((order + 0.5) * wordCount) / CLICKS));
    await pause(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 5_000 });
    await page.waitForTimeout(150);
    await probe.evaluate((b) => {
      b.pendingClick = null;
    });
    const before = await probe.evaluate((b) => b.clicks.length);
    await page.locator(`ol.tr-root [data-w="${word}"]`).click();
    try {
      await page.waitForFunction(
        (count) => (window as unknown as BenchWindow).__playerBench!.clicks.length > count,
        before,
        { timeout: 5_000 },
      );
      const click = await probe.evaluate((b) => b.clicks[b.clicks.length - 1]!);
      durations.push(click.playedAt! - click.downAt);
      via[click.via ?? '?'] = (via[click.via ?? '?'] ?? 0) + 1;
    } catch {
      failures += 1;
      durations.push(Number.POSITIVE_INFINITY);
    }
  }
  await pause(page);
  return {
    clicks: CLICKS,
    failures,
    p50Ms: percentile(durations, 0.5),
    p95Ms: percentile(durations, 0.95),
    maxMs: Math.max(...durations),
    via,
  };
}

/**
 * The highlight lag with repeat-line + auto-pause switched on in the listening assist's panel, as
 * a learner does; switched off again afterwards, so the measurements after it run as before.
 */
async function measureLagWithAssist(
  page: Page,
  baseUrl: string,
  chapterId: string,
): Promise<LagFigures> {
  const response = await fetch(`${baseUrl}${transcriptPath(chapterId)}`, {
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`GET ${transcriptPath(chapterId)} answered ${response.status}`);
  const { segments } = (await response.json()) as { segments: { start: number }[] };
  const lineStarts = segments.map((segment) => segment.start);

  const assist = page.getByRole('region', { name: 'Listening assist' });
  const repeat = assist.getByRole('switch', { name: 'Repeat the current line' });
  await assist.getByRole('button', { name: 'Listening assist' }).click();
  await repeat.click();
  await assist.getByRole('radio', { name: 'Pause (auto-pause)' }).check();
  // From the chapter's start, so the run does not reach its end.
  await page.evaluate(() => {
    const audio = (window as unknown as BenchWindow).__relatosPlayer!.audio;
    audio.currentTime = 0;
  });
  try {
    const figures = await measureLag(
      page,
      ASSIST_LAG_RUN.rate,
      ASSIST_LAG_RUN.ms,
      playLineByLine(lineStarts),
    );
    return { ...figures, assist: ASSIST_LAG_RUN.modes };
  } finally {
    await pause(page);
    await repeat.click();
    await assist.getByRole('radio', { name: 'Keep playing' }).check();
    await assist.getByRole('button', { name: 'Listening assist' }).click();
  }
}

/** Runs the four player measurements against the server at `baseUrl`. */
export async function measurePlayer(
  baseUrl: string,
  log: (message: string) => void = () => undefined,
): Promise<PlayerFigures> {
  const chapterId = await openStoryFirstChapter(baseUrl);
  missingAssets.clear();
  const browser = await launchChromium();
  try {
    return await measureWith(browser, baseUrl, chapterId, log);
  } catch (error) {
    if (missingAssets.size === 0) throw error;
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\n` +
        `The pages could not load ${[...missingAssets].join(', ')}: dist/client was rebuilt ` +
        'while the benchmark ran (the server reads index.html at start). Run it again.',
      { cause: error },
    );
  } finally {
    await browser.close();
  }
}

async function measureWith(
  browser: Browser,
  baseUrl: string,
  chapterId: string,
  log: (message: string) => void,
): Promise<PlayerFigures> {
  log(
    `player: render of a ${SYNTHETIC.segments * SYNTHETIC.wordsPerSegment}-word transcript (${RENDER_RUNS} fresh pages)`,
  );
  const render = await measureRender(browser, baseUrl, chapterId);
  const paints = render.runs.map((run) => run.paintMs);

  const context = await newPlayerContext(browser, null);
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/player/${chapterId}`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => {
      const handle = (window as unknown as BenchWindow).__relatosPlayer;
      return (
        handle !== undefined &&
        handle.audio.readyState >= 1 &&
        handle.transcriptRoot.querySelector('[data-w]') !== null
      );
    });
    // The real transcript, fetched in the page: the starts and ends of its words.
    const transcriptWords = await page.evaluate(async (path) => {
      const response = await fetch(path, { headers: { accept: 'application/json' } });
      const data = (await response.json()) as {
        segments: { words: { start: number; end: number }[] }[];
      };
      const bench = (window as unknown as BenchWindow).__playerBench!;
      let last = 0;
      for (const segment of data.segments) {
        for (const word of segment.words) {
          last = Math.max(last, word.start);
          bench.starts.push(last);
          bench.ends.push(word.end);
        }
      }
      const shown = (
        window as unknown as BenchWindow
      ).__relatosPlayer!.transcriptRoot.querySelectorAll('[data-w]').length;
      if (shown !== bench.starts.length) {
        throw new Error(`the page shows ${shown} words, the transcript has ${bench.starts.length}`);
      }
      return bench.starts.length;
    }, transcriptPath(chapterId));

    const lag: LagFigures[] = [];
    for (const { rate, ms } of LAG_RUNS) {
      log(`player: highlight lag at ${rate}× (${ms / 1000} s of playback)`);
      lag.push(await measureLag(page, rate, ms));
    }
    log(`player: highlight lag with ${ASSIST_LAG_RUN.modes} (${ASSIST_LAG_RUN.ms / 1000} s)`);
    lag.push(await measureLagWithAssist(page, baseUrl, chapterId));
    log(`player: main-thread work per frame (${MAIN_THREAD_RUN_MS / 1000} s of playback at 1×)`);
    const mainThread = await measureMainThread(page);
    log(`player: click to play (${CLICKS} words)`);
    const click = await measureClicks(page, transcriptWords);
    return {
      chapterId,
      transcriptWords,
      render: {
        words: render.words,
        runs: render.runs,
        medianMs: median(paints),
        maxMs: Math.max(...paints),
      },
      lag,
      mainThread,
      click,
    };
  } finally {
    await context.close();
  }
}
