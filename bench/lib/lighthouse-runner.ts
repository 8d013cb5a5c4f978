/** Lighthouse against the system Chromium, as the Lighthouse benches run it. */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// The network half of Lighthouse's mobile run, kept as it is when the CPU half is matched.
import { throttling } from 'lighthouse/core/config/constants.js';
import { LIGHTHOUSE_CHROMIUM_ARGS, chromiumExecutable } from '../../scripts/chromium-flags.ts';

/** Runs that failed to measure (not a score) are retried: a busy machine can time one out. */
const ATTEMPTS = 3;

/** The system Chromium (`CHROMIUM_PATH`) for Lighthouse, with the project's flags (no autoplay). */
export function launchLighthouseChrome(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: chromiumExecutable(),
    chromeFlags: LIGHTHOUSE_CHROMIUM_ARGS,
    connectionPollInterval: 250,
    maxConnectionRetries: 100,
  });
}

/**
 * Lighthouse's mobile run slows the CPU 4× on the assumption of a machine of its reference speed.
 * Machines here differ several-fold (benchmarkIndex 900–2,900), so a page's figures are taken on a
 * CPU slowed to match one machine: 4× on a machine of benchmarkIndex 1,500, proportionally more
 * on a faster one and less on a slower or busier one.
 */
export const MOBILE_SLOWDOWN = 4;
export const TARGET_BENCHMARK_INDEX = 1500;

/** The CPU slowdown that makes a machine of `benchmarkIndex` behave like the target machine. */
export function matchedSlowdown(benchmarkIndex: number): number {
  if (!(benchmarkIndex > 0)) return MOBILE_SLOWDOWN;
  return Math.min(20, Math.max(1, (MOBILE_SLOWDOWN * benchmarkIndex) / TARGET_BENCHMARK_INDEX));
}

export interface LighthouseRunOptions {
  /** Lighthouse's CPU slowdown (its mobile default, 4, when absent). */
  cpuSlowdownMultiplier?: number;
  /** Sent with every request of the page (a session cookie for a signed-in page). */
  extraHeaders?: Record<string, string>;
}

/** Lighthouse (performance and accessibility) on `url` through the Chromium at `port`. */
export async function runLighthouse(url: string, port: number, options: LighthouseRunOptions = {}) {
  let problem = 'no result';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const runner = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(options.extraHeaders ? { extraHeaders: options.extraHeaders } : {}),
      ...(options.cpuSlowdownMultiplier === undefined
        ? {}
        : {
            throttling: {
              ...throttling.mobileSlow4G,
              cpuSlowdownMultiplier: options.cpuSlowdownMultiplier,
            },
          }),
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
