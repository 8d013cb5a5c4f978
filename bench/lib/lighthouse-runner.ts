/** Lighthouse against the system Chromium, as the Lighthouse benches run it. */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from './chromium.ts';

/** Runs that failed to measure (not a score) are retried: a busy machine can time one out. */
const ATTEMPTS = 3;

/** The system Chromium (`CHROMIUM_PATH`) for Lighthouse, with the project's flags (no autoplay). */
export function launchLighthouseChrome(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_ARGS.filter((flag) => !flag.startsWith('--autoplay')),
    connectionPollInterval: 250,
    maxConnectionRetries: 100,
  });
}

/** Lighthouse (performance and accessibility) on `url` through the Chromium at `port`. */
export async function runLighthouse(url: string, port: number) {
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
