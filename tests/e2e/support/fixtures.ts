import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules every page must pass. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The scan every journey runs: WCAG 2.1 A/AA on the page and its same-origin frames (the app has
 * no cross-origin frames to scan). Legacy mode runs axe in the page itself; the default opens a
 * blank tab per scan to merge frame results, which doubled a scan's cost (3.0 -> 1.7 s on a
 * quiet 2-core machine) across the ~120 scans of the suite. Only violations are asked for, so no
 * selector is computed for the thousands of passing nodes.
 */
export const axeScanOf = (page: Page): AxeBuilder =>
  new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });

interface Fixtures {
  /** A fresh axe-core scan builder for the current page, limited to WCAG 2.1 A/AA. */
  makeAxeBuilder: () => AxeBuilder;
}

/**
 * `page.goto` that returns once the app is live (`<html data-app-ready>`, see
 * src/client/app/layout/root-layout.tsx): a server-rendered page is visible before its script
 * runs, and the journeys are about the app responding, so they start from there.
 */
function gotoWhenReady(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    // Only the app's own pages (not JSON, not the development mailbox).
    if ((await page.locator('#root').count()) > 0)
      await page.waitForSelector('html[data-app-ready="true"]', { state: 'attached' });
    return response;
  };
}

export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => {
    gotoWhenReady(page);
    await use(page);
  },
  makeAxeBuilder: async ({ page }, use) => {
    await use(() => axeScanOf(page));
  },
});

export { expect };
