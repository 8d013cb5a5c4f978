import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumExecutable } from '../scripts/chromium-flags.ts';

export interface ScriptFile {
  path: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface FirstLoadResult {
  /** Sum of the gzip (level 9) sizes of every script the page loaded, in kB (1 kB = 1000 B). */
  totalGzipKb: number;
  files: ScriptFile[];
}

/**
 * Opens `path` in a fresh Chromium context (empty cache) and collects every JavaScript response
 * of the first load: the entry, its module preloads and the lazy chunks the first render needs.
 * Each body is gzipped at level 9 here, so the figure does not depend on the server's compression.
 */
export async function measureFirstLoadJs(baseUrl: string, path = '/'): Promise<FirstLoadResult> {
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
    timeout: 60_000,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const pending: Promise<ScriptFile | null>[] = [];
    page.on('response', (response) => {
      const isScript =
        response.request().resourceType() === 'script' ||
        /javascript/.test(response.headers()['content-type'] ?? '');
      if (!isScript || !response.ok()) return;
      pending.push(
        response.body().then(
          (body) => ({
            path: new URL(response.url()).pathname,
            rawBytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
          }),
          () => null,
        ),
      );
    });
    await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle', timeout: 60_000 });
    // The first render is complete: the stories have arrived and their chunks with them.
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle', { timeout: 30_000 });

    const byPath = new Map<string, ScriptFile>();
    for (const file of await Promise.all(pending)) {
      if (file) byPath.set(file.path, file);
    }
    const files = [...byPath.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
    const totalGzipKb = files.reduce((sum, file) => sum + file.gzipBytes, 0) / 1000;
    await context.close();
    return { totalGzipKb, files };
  } finally {
    await browser.close();
  }
}
