/**
 * Review throughput (issue 21, "Measured"; decision 047), in headless Chromium against the bench
 * server: a whole demo chapter of machine proposals reviewed in the studio's review mode, accepting
 * every proposal, beside the same chapter approved in the full editor.
 *
 * The chapter: the demo library's longest in sentences (El paraguas rojo, chapter 2: 28
 * sentences), its recording and its timed transcript made into what a machine proposes (every
 * translation from Apertium and every gloss from the lexicon, none approved) with three doubtful
 * words, uploaded through the admin API as a draft story of its own, once for each run
 * (tests/e2e/support/machine-proposals.ts, as the review journey does). Each run ends when the
 * saved transcript has nothing unreviewed (#shared/studio/review-state), checked through the API.
 *
 * 1. Review mode (`/admin/chapters/:id/studio?mode=review`): Enter on every sentence, and T where
 *    it then asks about a doubtful word. Every key pressed is counted (automatic saves need none):
 *    key presses per sentence ≤ 1.5. The latency: an init script timestamps each keydown (a
 *    capture listener on window; the event's timeStamp, when Chromium received the key, so time
 *    the key waited for a busy page counts) and a MutationObserver notes when the review region's
 *    `data-review-ready` names the next sentence (set once it is rendered, focused and playing,
 *    before the paint); key → ready p95 ≤ 100 ms, p50 printed. The time to the next frame painted
 *    (a task posted from the following animation frame: an upper bound, as tasks queued before it
 *    run first) is printed for information. The next key
 *    is pressed as soon as the sentence is painted: sooner than a person would, so whatever the
 *    page does after the paint (the audio starting, an automatic save) may still be running.
 * 2. The full editor (the same page without `?mode=review`), driven twice: with the mouse (per
 *    sentence "Approve translation" and "Approve all glosses"; for a doubtful word "Words and
 *    timing" then its "Accept timing"; "Save transcript" at the end; the page scrolled for each
 *    click is measured), and with the keyboard only (Tab from the top of the page to each of those
 *    buttons in reading order, Enter on it; every Tab counted). Clicks and key presses per sentence
 *    are printed beside review mode's.
 * 3. The floor, in the same browser and the same way: a static page whose keydown listener sets
 *    the same attribute, pressed as many times, timed by the same probe.
 *
 * `node --import tsx bench/review-throughput.ts` runs it alone (own server, fresh data directory).
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { UnreviewedCounts } from '#shared/contracts/publishing';
import { unreviewedCounts } from '#shared/studio/review-state';
import { hasUnreviewed } from '#shared/studio/unreviewed-counts';
import { transcriptSchema, type Transcript } from '#shared/transcript';
import {
  asMachineProposals,
  createProposalsChapter,
  studioChapter,
  type DoubtfulWord,
} from '../tests/e2e/support/machine-proposals.ts';
import { signInAsAdmin } from '../tests/e2e/support/studio.ts';
import { launchChromium } from './lib/chromium.ts';
import { libraryChapters, type LibraryChapter } from './lib/library.ts';
import { budgetRow, infoRow, type Row } from './lib/table.ts';
import { mainThreadMetrics, median, percentile, taskMsBetween } from './player.ts';
import { runAlone } from './session-signed-in.ts';

export const REVIEW_THROUGHPUT_BUDGET = { keysPerSentence: 1.5, readyP95Ms: 100 };
/** The demo library's longest chapter in sentences (28). */
const CHAPTER = 'el-paraguas-rojo-2';
const DOUBTFUL_WORDS = 3;
const STEP_TIMEOUT_MS = 15_000;
/** Tab presses allowed to reach one button before the keyboard run is called stuck. */
const MAX_TABS = 400;
const VIEWPORT = { width: 1280, height: 800 };

/** A run on its own draft of the chapter. */
interface ChapterRun {
  page: Page;
  chapterId: string;
  proposals: Transcript;
  doubtful: readonly DoubtfulWord[];
}

/** One key that led to the next sentence: its key and the times from its keydown (ms). */
interface Arrival {
  key: string;
  readyMs: number;
  /** From the keydown listener's own run (without the time the key waited to be handled). */
  handledMs: number;
  paintedMs: number;
}

interface Finish {
  /** What the saved transcript still has unreviewed (all zero when the run did its job). */
  left: UnreviewedCounts;
  version: number | null;
}

interface ReviewModeRun extends Finish {
  keys: Record<string, number>;
  arrivals: Arrival[];
  /** Per sentence, the main thread's CPU time from before its key to the next one painted. */
  cpuMs: number[];
  seconds: number;
}

interface EditorRun extends Finish {
  /** Clicks (mouse) or key presses (keyboard), by button or key. */
  actions: Record<string, number>;
  /** Mouse: how far the page scrolled to bring the buttons under the pointer (px). */
  scrolledPx: number;
}

export interface ReviewThroughputFigures {
  chapter: { name: string; title: string; sentences: number; words: number };
  doubtful: DoubtfulWord[];
  review: ReviewModeRun;
  mouse: EditorRun;
  keyboard: EditorRun;
  floor: Arrival[];
}

interface ProbeWindow {
  __reviewProbe: {
    keys: { key: string; at: number; handled: number }[];
    ready: { value: string | null; at: number; keys: number; paintedAt: number | null }[];
  };
}

/**
 * In the page, before its scripts: every keydown, and every change of a `data-review-ready`
 * attribute with the number of keys pressed before it and when the frame after it was painted.
 */
function installReadyProbe() {
  const probe: ProbeWindow['__reviewProbe'] = { keys: [], ready: [] };
  (window as unknown as ProbeWindow).__reviewProbe = probe;
  addEventListener(
    'keydown',
    (event) => probe.keys.push({ key: event.key, at: event.timeStamp, handled: performance.now() }),
    { capture: true },
  );
  new MutationObserver((records) => {
    const at = performance.now();
    for (const record of records) {
      const value = (record.target as Element).getAttribute('data-review-ready');
      if (value === record.oldValue) continue;
      const entry = { value, at, keys: probe.keys.length, paintedAt: null as number | null };
      probe.ready.push(entry);
      requestAnimationFrame(() => setTimeout(() => (entry.paintedAt = performance.now())));
    }
  }).observe(document, {
    subtree: true,
    attributes: true,
    attributeFilter: ['data-review-ready'],
    attributeOldValue: true,
  });
}

/** Waits until more than `seen` ready changes happened and the last is painted; their count. */
async function waitForArrival(page: Page, seen: number): Promise<number> {
  const handle = await page.waitForFunction(
    (seen) => {
      const { ready } = (window as unknown as ProbeWindow).__reviewProbe;
      const last = ready.at(-1);
      return ready.length > seen && last?.paintedAt !== null ? ready.length : false;
    },
    seen,
    { timeout: STEP_TIMEOUT_MS },
  );
  return (await handle.jsonValue()) as number;
}

const currentReady = (page: Page) =>
  page.evaluate(() => (window as unknown as ProbeWindow).__reviewProbe.ready.at(-1)?.value);

/** Each arrival that followed a key, timed from the last key pressed before it. */
async function arrivalsOf(page: Page): Promise<Arrival[]> {
  const { keys, ready } = await page.evaluate(
    () => (window as unknown as ProbeWindow).__reviewProbe,
  );
  const arrivals: Arrival[] = [];
  let keysBefore = 0;
  for (const entry of ready) {
    const key = entry.keys > keysBefore ? keys[entry.keys - 1] : undefined;
    if (key) {
      arrivals.push({
        key: key.key,
        readyMs: entry.at - key.at,
        handledMs: entry.at - key.handled,
        paintedMs: (entry.paintedAt ?? Number.NaN) - key.at,
      });
    }
    keysBefore = entry.keys;
  }
  return arrivals;
}

const tally = (counts: Record<string, number>, name: string) => {
  counts[name] = (counts[name] ?? 0) + 1;
};
const total = (counts: Record<string, number>) =>
  Object.values(counts).reduce((sum, count) => sum + count, 0);

/**
 * Three doubtful words spread over the chapter (at a quarter, half and three quarters): the
 * longest word of those sentences, one that occurs once in it.
 */
function spreadDoubts(transcript: Transcript): DoubtfulWord[] {
  const { segments } = transcript;
  const doubts: DoubtfulWord[] = [];
  for (let k = 1; k <= DOUBTFUL_WORDS; k++) {
    const segment = Math.floor((k * segments.length) / (DOUBTFUL_WORDS + 1));
    const texts = segments[segment]!.words.map((word) => word.text);
    const text = texts
      .filter((candidate) => texts.indexOf(candidate) === texts.lastIndexOf(candidate))
      .reduce((longest, candidate) => (candidate.length > longest.length ? candidate : longest));
    doubts.push({ segment, text });
  }
  return doubts;
}

/** Polls the studio's API until the saved transcript has nothing unreviewed (or time is up). */
async function finish({ page, chapterId }: ChapterRun): Promise<Finish> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  for (;;) {
    const studio = await studioChapter(page.request, chapterId);
    const left = unreviewedCounts(studio.transcript ?? { segments: [] });
    if (!hasUnreviewed(left) || Date.now() > deadline) return { left, version: studio.version };
    await page.waitForTimeout(200);
  }
}

const sentenceCard = (page: Page, index: number) =>
  page.getByRole('article', { name: `Sentence ${index + 1}`, exact: true });

async function reviewMode(run: ChapterRun): Promise<ReviewModeRun> {
  const { page, chapterId, proposals, doubtful } = run;
  const keys: Record<string, number> = {};
  const press = async (key: string) => {
    tally(keys, key);
    await page.keyboard.press(key);
  };
  await page.goto(`/admin/chapters/${chapterId}/studio?mode=review`);
  let seen = await waitForArrival(page, 0);
  const mainThread = await mainThreadMetrics(page);
  const cpuMs: number[] = [];
  const started = performance.now();
  for (const [index, segment] of proposals.segments.entries()) {
    const shown = await currentReady(page);
    if (shown !== segment.id) {
      throw new Error(`review mode showed ${shown} where sentence ${segment.id} was due`);
    }
    const before = await mainThread.read();
    await press('Enter');
    if (doubtful.some((doubt) => doubt.segment === index)) {
      await page.getByText('Is this timing right?', { exact: false }).waitFor();
      await press('t');
    }
    seen = await waitForArrival(page, seen);
    cpuMs.push(taskMsBetween(before, await mainThread.read()));
  }
  const seconds = (performance.now() - started) / 1000;
  await mainThread.detach();
  const shown = await currentReady(page);
  if (shown !== 'summary') throw new Error(`review mode ended on ${shown}, not its summary`);
  return { keys, arrivals: await arrivalsOf(page), cpuMs, seconds, ...(await finish(run)) };
}

/** The buttons the full editor needs pressed for sentence `index`, in reading order. */
function editorButtons(page: Page, index: number, doubtful: boolean) {
  const card = sentenceCard(page, index);
  const button = (name: string | RegExp) => card.getByRole('button', { name, exact: true });
  return [
    ...(doubtful ? [{ name: 'Words and timing', button: button('Words and timing') }] : []),
    { name: 'Approve translation', button: button('Approve translation') },
    ...(doubtful ? [{ name: 'Accept timing', button: button(/^Accept timing of /) }] : []),
    { name: 'Approve all glosses', button: button('Approve all glosses') },
  ];
}

/** A sentence's timing panel opened: wait for its waveform, whose handles take the focus too. */
const panelReady = (page: Page) =>
  page.getByText('Loading the waveform...').waitFor({ state: 'detached' });

async function editorWith(
  { page, chapterId, proposals, doubtful }: ChapterRun,
  activate: (name: string, button: Locator) => Promise<void>,
): Promise<void> {
  await page.goto(`/admin/chapters/${chapterId}/studio`);
  await page.getByRole('heading', { name: /^Sentences/ }).waitFor();
  for (const index of proposals.segments.keys()) {
    const isDoubtful = doubtful.some((doubt) => doubt.segment === index);
    for (const { name, button } of editorButtons(page, index, isDoubtful)) {
      await activate(name, button);
      if (name === 'Words and timing') await panelReady(page);
    }
  }
  await activate('Save transcript', page.getByRole('button', { name: 'Save transcript' }));
}

async function editorByMouse(run: ChapterRun): Promise<EditorRun> {
  const actions: Record<string, number> = {};
  let scrolledPx = 0;
  const scrollY = () => run.page.evaluate(() => window.scrollY);
  await editorWith(run, async (name, button) => {
    const before = await scrollY();
    await button.click();
    tally(actions, name);
    scrolledPx += Math.abs((await scrollY()) - before);
  });
  return { actions, scrolledPx, ...(await finish(run)) };
}

async function editorByKeyboard(run: ChapterRun): Promise<EditorRun> {
  const { keyboard } = run.page;
  const actions: Record<string, number> = {};
  const focused = (button: Locator) => button.evaluate((node) => node === document.activeElement);
  await editorWith(run, async (name, button) => {
    for (let tabs = 0; !(await focused(button)); tabs++) {
      if (tabs === MAX_TABS) throw new Error(`${MAX_TABS} Tab presses did not reach ${name}`);
      await keyboard.press('Tab');
      tally(actions, `Tab to ${name}`);
    }
    await keyboard.press('Enter');
    tally(actions, 'Enter');
  });
  return { actions, scrolledPx: 0, ...(await finish(run)) };
}

/** The same presses on a page with nothing but a keydown listener that sets the attribute. */
async function floorRun(browser: Browser, baseUrl: string, presses: number): Promise<Arrival[]> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    await addProbe(context);
    const url = `${baseUrl}/bench-review-throughput-floor.html`;
    await context.route(url, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body:
          '<!doctype html><title>floor</title><section data-review-ready="0">floor</section>' +
          "<script>let n = 0; addEventListener('keydown', () => " +
          "document.querySelector('section').setAttribute('data-review-ready', String(++n)));</script>",
      }),
    );
    const page = await context.newPage();
    await page.goto(url);
    let seen = 0;
    for (let press = 0; press < presses; press++) {
      await page.keyboard.press('Enter');
      seen = await waitForArrival(page, seen);
    }
    return await arrivalsOf(page);
  } finally {
    await context.close();
  }
}

async function addProbe(context: BrowserContext) {
  // tsx compiles this file with esbuild's keepNames, which wraps named functions in `__name(...)`:
  // functions serialised into the page need that helper to exist there.
  await context.addInitScript('globalThis.__name ??= (fn) => fn;');
  await context.addInitScript(installReadyProbe);
}

async function demoChapter(): Promise<{ chapter: LibraryChapter; transcript: Transcript }> {
  const chapter = (await libraryChapters()).find((candidate) => candidate.name === CHAPTER);
  if (!chapter) throw new Error(`the demo chapter ${CHAPTER} is missing`);
  const transcript = transcriptSchema.parse(
    JSON.parse(await readFile(chapter.transcriptPath, 'utf8')),
  );
  return { chapter, transcript };
}

export async function measureReviewThroughput(
  baseUrl: string,
  log: (message: string) => void = () => {},
): Promise<ReviewThroughputFigures> {
  const { chapter, transcript } = await demoChapter();
  const doubtful = spreadDoubts(transcript);
  const proposals = asMachineProposals(transcript, doubtful);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    await addProbe(context);
    /** A run on a draft of its own, deleted after it. */
    const onOwnDraft = async <T>(name: string, measure: (run: ChapterRun) => Promise<T>) => {
      const page = await context.newPage();
      await signInAsAdmin(page);
      const draft = await createProposalsChapter(page.request, {
        storyTitle: 'Bench review',
        title: chapter.title,
        audioPath: chapter.audioPath,
        transcript: proposals,
      });
      log(`review throughput: ${name} (chapter ${draft.chapterId})`);
      try {
        return await measure({ page, chapterId: draft.chapterId, proposals, doubtful });
      } finally {
        await page.request.delete(`/api/admin/stories/${draft.storyId}`);
        await page.close();
      }
    };
    const review = await onOwnDraft('review mode', reviewMode);
    const mouse = await onOwnDraft('full editor with the mouse', editorByMouse);
    const keyboard = await onOwnDraft('full editor with the keyboard only', editorByKeyboard);
    await context.close();
    log('review throughput: floor (a static page setting the attribute on keydown)');
    const floor = await floorRun(browser, baseUrl, review.arrivals.length);
    return {
      chapter: {
        name: chapter.name,
        title: chapter.title,
        sentences: proposals.segments.length,
        words: proposals.segments.reduce((sum, segment) => sum + segment.words.length, 0),
      },
      doubtful,
      review,
      mouse,
      keyboard,
      floor,
    };
  } finally {
    await browser.close();
  }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'missed');
const perSentence = (count: number, sentences: number) => (count / sentences).toFixed(2);
const listed = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([name, count]) => `${count} × ${name}`)
    .join(', ');
const leftOver = (left: UnreviewedCounts) =>
  hasUnreviewed(left)
    ? `NOT reviewed: ${Object.entries(left)
        .filter(([, count]) => count > 0)
        .map(([name, count]) => `${count} ${name}`)
        .join(', ')}`
    : 'nothing left unreviewed';

export function reviewThroughputRows(figures: ReviewThroughputFigures): {
  rows: Row[];
  details: string[];
} {
  const { chapter, review, mouse, keyboard, floor } = figures;
  const { sentences } = chapter;
  const reviewKeys = total(review.keys);
  const keysPerSentence = reviewKeys / sentences;
  const readyMs = review.arrivals.map((arrival) => arrival.readyMs);
  const p95 = percentile(readyMs, 0.95);
  const floorP95 = percentile(
    floor.map((arrival) => arrival.readyMs),
    0.95,
  );
  const complete = (run: Finish) => !hasUnreviewed(run.left);
  const rows: Row[] = [
    budgetRow(
      'Review mode: key presses per sentence',
      perSentence(reviewKeys, sentences),
      `≤ ${REVIEW_THROUGHPUT_BUDGET.keysPerSentence}`,
      complete(review) && keysPerSentence <= REVIEW_THROUGHPUT_BUDGET.keysPerSentence,
    ),
    // The editor's counts are only comparable when its run approved everything too.
    {
      ...infoRow(
        '  full editor, mouse: clicks per sentence',
        perSentence(total(mouse.actions), sentences),
      ),
      status: complete(mouse) ? 'info' : 'FAIL',
    },
    {
      ...infoRow(
        '  full editor, keyboard only: key presses per sentence',
        perSentence(total(keyboard.actions), sentences),
      ),
      status: complete(keyboard) ? 'info' : 'FAIL',
    },
    infoRow('Review mode: key → next sentence ready (ms, p50)', ms(percentile(readyMs, 0.5))),
    budgetRow(
      'Review mode: key → next sentence ready (ms, p95)',
      ms(p95),
      `≤ ${REVIEW_THROUGHPUT_BUDGET.readyP95Ms}`,
      p95 <= REVIEW_THROUGHPUT_BUDGET.readyP95Ms,
    ),
    infoRow(
      '  floor: key → attribute set on a static page (ms, p95)',
      `${ms(floorP95)} (×${(p95 / floorP95).toFixed(1)})`,
    ),
    infoRow('  main-thread CPU per sentence, key → painted (ms, median)', ms(median(review.cpuMs))),
    infoRow(
      'Review mode: key → next sentence painted (ms, p95)',
      ms(
        percentile(
          review.arrivals.map((arrival) => arrival.paintedMs),
          0.95,
        ),
      ),
    ),
  ];
  const list = (arrivals: Arrival[], of: keyof Arrival) =>
    arrivals.map((arrival) => ms(arrival[of] as number)).join(' ');
  const doubts = figures.doubtful
    .map((doubt) => `"${doubt.text}" (sentence ${doubt.segment + 1})`)
    .join(', ');
  const details = [
    '',
    `Review throughput (demo chapter ${chapter.name}, "${chapter.title}": ${sentences} sentences, ` +
      `${chapter.words} words, every translation and gloss a machine's, doubtful: ${doubts}; ` +
      'a draft of its own per run; headless Chromium 1280×800):',
    `  review mode: ${reviewKeys} keys (${listed(review.keys)}) in ${review.seconds.toFixed(1)} s ` +
      `(${(review.seconds / sentences).toFixed(2)} s a sentence, pressed at each paint); ` +
      `saved by itself as version ${review.version}; ${leftOver(review.left)}`,
    `    key → ready (ms):   ${list(review.arrivals, 'readyMs')}`,
    `    handled → ready:    ${list(review.arrivals, 'handledMs')}`,
    `    key → painted:      ${list(review.arrivals, 'paintedMs')}`,
    `    main-thread CPU, key → painted (ms, threadTicks): ${review.cpuMs.map(ms).join(' ')}`,
    `    floor key → set:    ${list(floor, 'readyMs')}`,
    `    floor key → painted: ${list(floor, 'paintedMs')}`,
    `  full editor, mouse: ${total(mouse.actions)} clicks (${listed(mouse.actions)}), the page ` +
      `scrolled ${Math.round(mouse.scrolledPx).toLocaleString('en')} px ` +
      `(${(mouse.scrolledPx / VIEWPORT.height).toFixed(1)} windows) to bring them under the ` +
      `pointer; version ${mouse.version}; ${leftOver(mouse.left)}`,
    `  full editor, keyboard only: ${total(keyboard.actions)} key presses ` +
      `(${listed(keyboard.actions)}); version ${keyboard.version}; ${leftOver(keyboard.left)}`,
  ];
  return { rows, details };
}

if (import.meta.filename === process.argv[1]) {
  await runAlone(async (baseUrl) =>
    reviewThroughputRows(await measureReviewThroughput(baseUrl, console.log)),
  );
}
