import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * The floor of the clip benches (review, practice): a static page holding only a bare `<audio>`
 * of a chapter, no framework, in a context of its own with the bench's probe script. Resolves once
 * the audio's metadata is there; close the context when done.
 */
export async function openBareAudioPage(
  browser: Browser,
  options: { baseUrl: string; chapterId: string; probe: string; timeoutMs: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  context.setDefaultTimeout(options.timeoutMs);
  await context.addInitScript(options.probe);
  const url = `${options.baseUrl}/bench-audio-floor.html`;
  await context.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>floor</title><audio preload="auto" src="/api/chapters/${options.chapterId}/audio"></audio>`,
    }),
  );
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector('audio')!.readyState >= 1);
  return { context, page };
}
