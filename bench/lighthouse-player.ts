/**
 * Lighthouse (mobile) on the player page of the open demo chapter (issue 14, decision 037):
 * performance ≥ 0.95 and accessibility 1.00, measured beside a floor in the same run so that a
 * slow or busy machine can be told from a regression:
 *
 * - the floor is the same page made static: the player's own server-rendered HTML with every
 *   script and module preload removed (same markup, same stylesheet, same words), served by a
 *   small file server of this process. Nothing can score better than it on this machine;
 * - Lighthouse's `benchmarkIndex` (its measure of this machine's CPU) is printed with each.
 *
 * Each page is measured RUNS times, the page and its floor alternately (a burst of load touches
 * both alike), and the run with the median performance score is kept.
 */
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { freePort } from './lib/free-port.ts';
import { launchLighthouseChrome, runLighthouse } from './lib/lighthouse-runner.ts';

const RUNS = 3;

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  benchmarkIndex: number;
}

export interface PlayerLighthouseFigures {
  path: string;
  page: LighthouseFigures;
  floor: LighthouseFigures;
  runs: number;
}

/** The server-rendered page without any script: what the page is before its JavaScript. */
export function staticCopy(html: string): string {
  return html
    .replace(/<script\b(?![^>]*type="application\/json")[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
}

/**
 * Serves the static copy at `/`, and everything else it names (stylesheet, images) from the app,
 * so the floor loads the same files over one origin as the page does.
 */
export async function serveStatic(
  html: string,
  baseUrl: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await freePort();
  const gzipped = gzipSync(html);
  const server = http.createServer((request, response) => {
    if (request.url === '/') {
      // Compressed as the app compresses its pages.
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' })
        .end(gzipped);
      return;
    }
    // Piped as the app sends it (compressed, with its headers).
    const upstream = http.get(
      `${baseUrl}${request.url ?? '/'}`,
      { headers: { 'accept-encoding': request.headers['accept-encoding'] ?? '' } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function runOnce(url: string, port: number): Promise<LighthouseFigures> {
  const lhr = await runLighthouse(url, port);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: lhr.categories.performance?.score ?? 0,
    accessibility: lhr.categories.accessibility?.score ?? 0,
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    fcpMs: audit('first-contentful-paint'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

const medianRun = (runs: LighthouseFigures[]) =>
  runs.toSorted((a, b) => a.performance - b.performance)[runs.length >> 1]!;

/** Lighthouse on `path` and on its static copy, alternately, RUNS times each. */
export async function measurePlayerLighthouse(
  baseUrl: string,
  path: string,
  runs = RUNS,
): Promise<PlayerLighthouseFigures> {
  const response = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  const floorServer = await serveStatic(staticCopy(await response.text()), baseUrl);
  const chrome = await launchLighthouseChrome();
  try {
    const page: LighthouseFigures[] = [];
    const floor: LighthouseFigures[] = [];
    for (let run = 0; run < runs; run += 1) {
      page.push(await runOnce(`${baseUrl}${path}`, chrome.port));
      floor.push(await runOnce(floorServer.url, chrome.port));
    }
    return { path, page: medianRun(page), floor: medianRun(floor), runs };
  } finally {
    chrome.kill();
    await floorServer.close();
  }
}

/** The figures as lines, each beside its floor with the ratio. */
export function playerLighthouseLines(figures: PlayerLighthouseFigures): string[] {
  const { page, floor } = figures;
  const ms = (value: number) => `${Math.round(value)} ms`;
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');
  return [
    `Lighthouse (mobile) ${figures.path}, median of ${figures.runs} runs, beside the same page made static (floor):`,
    `  performance ${page.performance.toFixed(2)} · floor ${floor.performance.toFixed(2)} → ratio ${ratio(page.performance, floor.performance)}`,
    `  accessibility ${page.accessibility.toFixed(2)} · floor ${floor.accessibility.toFixed(2)}`,
    `  LCP ${ms(page.lcpMs)} · floor ${ms(floor.lcpMs)} → ratio ${ratio(page.lcpMs, floor.lcpMs)}`,
    `  FCP ${ms(page.fcpMs)} · floor ${ms(floor.fcpMs)}; TBT ${ms(page.tbtMs)} · floor ${ms(floor.tbtMs)}; CLS ${page.cls.toFixed(3)}`,
    `  benchmarkIndex ${Math.round(page.benchmarkIndex)} (page run) · ${Math.round(floor.benchmarkIndex)} (floor run)`,
  ];
}
