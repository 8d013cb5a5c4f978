/**
 * Lighthouse (mobile: emulated phone, simulated slow 4G) on every learner page, with the CPU
 * slowed to match one machine (benchmarkIndex 1,500, bench/lib/lighthouse-runner.ts): machines
 * here differ several-fold, and a learner's phone is slower than any of them. Budget (issue 23):
 * performance ≥ 0.95, total blocking time ≤ 200 ms and accessibility 1.00 on each page. The
 * longest main-thread tasks of each page are printed with the script they ran in, so the work
 * that is not needed for the first screen can be found.
 */
import { serveStatic, staticCopy } from './lighthouse-player.ts';
import { launchLighthouseChrome, matchedSlowdown, runLighthouse } from './lib/lighthouse-runner.ts';
import type { Row } from './lib/table.ts';

export interface LearnerPage {
  /** What the page is called in the table (its path). */
  path: string;
  /** Where it is measured (the app's address of `path`, or the floor's own server). */
  url: string;
  /** The Cookie header of a session, for a page that shows a signed-in learner's own data. */
  cookie?: string;
}

export interface LongTask {
  /** The script the task ran in (its path), or what Lighthouse names it. */
  source: string;
  durationMs: number;
}

export interface LighthouseResult {
  path: string;
  signedIn: boolean;
  performance: number;
  accessibility: number;
  /** Largest Contentful Paint and Cumulative Layout Shift as Lighthouse measured them. */
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** This machine's speed as Lighthouse measured it in the run before, and the slowdown used. */
  benchmarkIndex: number;
  slowdown: number;
  longTasks: LongTask[];
}

const LONGEST_TASKS = 4;

function longTasksOf(audit: unknown): LongTask[] {
  const items =
    (audit as { details?: { items?: { url?: string; duration?: number }[] } } | undefined)?.details
      ?.items ?? [];
  return items
    .map((item) => ({
      source: item.url ? (URL.canParse(item.url) ? new URL(item.url).pathname : item.url) : '?',
      durationMs: item.duration ?? 0,
    }))
    .toSorted((a, b) => b.durationMs - a.durationMs)
    .slice(0, LONGEST_TASKS);
}

/**
 * Each page once, in order. The machine's benchmarkIndex is learnt from a first, unmeasured run
 * and then from each run for the next: a burst of load elsewhere lowers it, and the slowdown
 * with it.
 */
export async function measureLighthouse(
  pages: LearnerPage[],
  log: (line: string) => void = () => undefined,
): Promise<LighthouseResult[]> {
  const chrome = await launchLighthouseChrome();
  try {
    const first = pages[0];
    if (!first) return [];
    let benchmarkIndex = (await runLighthouse(first.url, chrome.port)).environment.benchmarkIndex;
    const results: LighthouseResult[] = [];
    for (const page of pages) {
      const slowdown = matchedSlowdown(benchmarkIndex);
      log(
        `  ${page.path}${page.cookie ? ' (signed in)' : ''}: CPU slowed ${slowdown.toFixed(1)}× ` +
          `(benchmarkIndex ${Math.round(benchmarkIndex)})`,
      );
      const lhr = await runLighthouse(page.url, chrome.port, {
        cpuSlowdownMultiplier: slowdown,
        ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
      });
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      results.push({
        path: page.path,
        signedIn: page.cookie !== undefined,
        performance: lhr.categories.performance?.score ?? 0,
        accessibility: lhr.categories.accessibility?.score ?? 0,
        lcpMs: audit('largest-contentful-paint'),
        cls: audit('cumulative-layout-shift'),
        tbtMs: audit('total-blocking-time'),
        benchmarkIndex,
        slowdown,
        longTasks: longTasksOf(lhr.audits['long-tasks']),
      });
      benchmarkIndex = lhr.environment.benchmarkIndex || benchmarkIndex;
    }
    return results;
  } finally {
    chrome.kill();
  }
}

/** The lines printed under the table for one page. */
export function lighthouseDetailLines(result: LighthouseResult): string[] {
  const tasks = result.longTasks
    .map((task) => `${Math.round(task.durationMs)} ms ${task.source}`)
    .join('; ');
  return [
    `Lighthouse ${result.path}${result.signedIn ? ' (signed in)' : ''}: LCP ${Math.round(result.lcpMs)} ms, ` +
      `CLS ${result.cls.toFixed(3)}, TBT ${Math.round(result.tbtMs)} ms; CPU slowed ` +
      `${result.slowdown.toFixed(1)}× for benchmarkIndex ${Math.round(result.benchmarkIndex)}`,
    `  longest tasks: ${tasks || 'none over 50 ms'}`,
  ];
}

/** Budget of every learner page (issue 23), CPU matched to benchmarkIndex 1,500. */
export const LEARNER_PAGE_BUDGET = { performance: 0.95, tbtMs: 200, accessibility: 1 };

/** The learner's pages a visitor opens, and those that show a signed-in learner's own data. */
const VISITOR_PATHS = [
  '/',
  '/library',
  '/help',
  '/faq',
  '/privacy',
  '/contact',
  '/auth',
  '/onboarding',
];
const SIGNED_IN_PATHS = ['/review', '/words', '/profile', '/downloads'];

/**
 * Every learner page (the story and player pages of the open demo story included), then the floor:
 * `/help` without its scripts, served as it is (same markup, stylesheet and fonts), measured with
 * the same matched CPU. Nothing can score better on this machine.
 */
export async function learnerPageRows(
  baseUrl: string,
  paths: { storyPath: string; playerPath: string; cookie: string },
  log: (line: string) => void,
): Promise<{ rows: Row[]; details: string[] }> {
  const help = await fetch(`${baseUrl}/help`, { signal: AbortSignal.timeout(10_000) });
  if (!help.ok) throw new Error(`GET /help answered ${help.status}`);
  const floor = await serveStatic(staticCopy(await help.text()), baseUrl);
  const visitorPaths = [...VISITOR_PATHS.slice(0, 2), paths.storyPath, paths.playerPath];
  const pages: LearnerPage[] = [
    ...[...visitorPaths, ...VISITOR_PATHS.slice(2)].map((path) => ({ path, url: baseUrl + path })),
    ...SIGNED_IN_PATHS.map((path) => ({ path, url: baseUrl + path, cookie: paths.cookie })),
    { path: 'floor: /help without scripts', url: floor.url },
  ];
  let results: LighthouseResult[];
  try {
    results = await measureLighthouse(pages, log);
  } finally {
    await floor.close();
  }
  const rows: Row[] = [];
  const details: string[] = [];
  for (const result of results) {
    const isFloor = result.path.startsWith('floor');
    const name = `${result.path}${result.signedIn ? ' (signed in)' : ''}`;
    const check = (ok: boolean) => (isFloor ? 'info' : ok ? 'pass' : 'FAIL');
    rows.push(
      {
        figure: `Lighthouse performance ${name}`,
        value: result.performance.toFixed(2),
        budget: isFloor ? '(floor)' : `≥ ${LEARNER_PAGE_BUDGET.performance}`,
        status: check(result.performance >= LEARNER_PAGE_BUDGET.performance),
      },
      {
        figure: `Lighthouse total blocking time ${name} (ms)`,
        value: String(Math.round(result.tbtMs)),
        budget: isFloor ? '(floor)' : `≤ ${LEARNER_PAGE_BUDGET.tbtMs}`,
        status: check(result.tbtMs <= LEARNER_PAGE_BUDGET.tbtMs),
      },
      {
        figure: `Lighthouse accessibility ${name}`,
        value: result.accessibility.toFixed(2),
        budget: isFloor ? '(floor)' : `= ${LEARNER_PAGE_BUDGET.accessibility.toFixed(2)}`,
        status: check(result.accessibility >= LEARNER_PAGE_BUDGET.accessibility),
      },
    );
    details.push(...lighthouseDetailLines(result));
  }
  return { rows, details };
}
