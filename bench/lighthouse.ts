/**
 * Lighthouse (mobile, its default: emulated phone with simulated slow 4G and CPU slowdown),
 * offline against the system Chromium, for the pages whose first visit matters (issue 5):
 * performance ≥ 0.98 and accessibility 1.00 on /, /library and /story/{slug}.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from './lib/chromium.ts';

export interface LighthouseResult {
  path: string;
  performance: number;
  accessibility: number;
  /** Largest Contentful Paint and Cumulative Layout Shift as Lighthouse measured them. */
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

/** Runs that failed to measure (not a score) are retried: a busy machine can time one out. */
const ATTEMPTS = 3;

async function runLighthouse(url: string, port: number) {
  let problem = 'no result';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const runner = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = runner?.lhr;
    if (lhr && !lhr.runtimeError && lhr.categories.performance?.score != null) return lhr;
    problem = lhr?.runtimeError
      ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`
      : 'no performance score';
    console.warn(`[bench] Lighthouse could not measure ${url} (${problem}); attempt ${attempt}`);
  }
  throw new Error(`Lighthouse could not measure ${url} after ${ATTEMPTS} attempts: ${problem}`);
}

export async function measureLighthouse(
  baseUrl: string,
  paths: string[],
): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_ARGS.filter((flag) => !flag.startsWith('--autoplay')),
    connectionPollInterval: 250,
    maxConnectionRetries: 100,
  });
  try {
    const results: LighthouseResult[] = [];
    for (const path of paths) {
      const lhr = await runLighthouse(`${baseUrl}${path}`, chrome.port);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      results.push({
        path,
        performance: lhr.categories.performance?.score ?? 0,
        accessibility: lhr.categories.accessibility?.score ?? 0,
        lcpMs: audit('largest-contentful-paint'),
        cls: audit('cumulative-layout-shift'),
        tbtMs: audit('total-blocking-time'),
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}
