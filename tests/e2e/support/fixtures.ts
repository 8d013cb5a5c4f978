import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules every page must pass. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

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
    await use(() => new AxeBuilder({ page }).withTags(AXE_TAGS));
  },
});

export { expect };
