/**
 * Lighthouse (mobile, its default: emulated phone with simulated slow 4G and CPU slowdown),
 * offline against the system Chromium, for the pages whose first visit matters (issue 5):
 * performance ≥ 0.98 and accessibility 1.00 on /, /library and /story/{slug}.
 */
import { launchLighthouseChrome, runLighthouse } from './lib/lighthouse-runner.ts';

export interface LighthouseResult {
  path: string;
  performance: number;
  accessibility: number;
  /** Largest Contentful Paint and Cumulative Layout Shift as Lighthouse measured them. */
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

export async function measureLighthouse(
  baseUrl: string,
  paths: string[],
): Promise<LighthouseResult[]> {
  const chrome = await launchLighthouseChrome();
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
