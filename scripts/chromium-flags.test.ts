import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumExecutable } from './chromium-flags.ts';

const featureLists = (commandLine: string[]) =>
  commandLine
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));

describe('the project Chromium', () => {
  it('opens no browser UI of its own, and keeps every feature Playwright switches off', async () => {
    const browser = await chromium.launch({
      executablePath: chromiumExecutable(),
      // --enable-automation lets the browser tell its command line (Browser.getBrowserCommandLine).
      args: [...CHROMIUM_ARGS, '--enable-automation'],
      timeout: 60_000,
    });
    try {
      const page = await browser.newPage();
      await page.goto('data:text/html,<p>a page</p>');
      const session = await browser.newBrowserCDPSession();
      const { targetInfos } = await session.send('Target.getTargets');
      // Chromium 156 opens chrome://omnibox-popup.top-chrome/ twice per window: each renderer
      // costs a fifth of a core while the page under test loads.
      expect(targetInfos.map((target) => target.type)).toEqual(['page']);

      const { arguments: commandLine } = await session.send('Browser.getBrowserCommandLine');
      const lists = featureLists(commandLine);
      // Chromium obeys only the last --disable-features: it must repeat Playwright's own list.
      expect(lists.length).toBeGreaterThan(1);
      const obeyed = lists.at(-1)!;
      for (const feature of lists[0]!) expect(obeyed).toContain(feature);
    } finally {
      await browser.close();
    }
  }, 90_000);
});
