import type { BrowserContext, Page } from '@playwright/test';

/**
 * Journeys that use the service worker (decision 039) opt in with
 * `test.use({ serviceWorkers: 'allow' })` (playwright.config.ts blocks it for every other
 * journey, so their `page.route` interception keeps working).
 */

/**
 * Waits until the service worker controls `page`: registered (after the page is interactive),
 * installed with its precache, activated and claiming the page. From then on reloads and
 * navigations go through it, offline too.
 */
export async function waitForServiceWorker(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    () => navigator.serviceWorker?.controller?.state === 'activated',
    null,
    {
      timeout,
    },
  );
}

export interface InstallabilityError {
  errorId: string;
  errorArguments: { name: string; value: string }[];
}

/**
 * Chromium's own installability check of the page (CDP `Page.getInstallabilityErrors`): an empty
 * list means the browser offers to install the app. Also returns the manifest's address. The page
 * must belong to a persistent context (`launchPersistentContext`): an ordinary Playwright context
 * is incognito, which Chromium reports as 'in-incognito'.
 */
export async function installabilityErrors(
  context: BrowserContext,
  page: Page,
): Promise<{ errors: InstallabilityError[]; manifestUrl: string }> {
  const cdp = await context.newCDPSession(page);
  try {
    const { installabilityErrors: errors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: InstallabilityError[];
    };
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string };
    return { errors, manifestUrl: manifest.url };
  } finally {
    await cdp.detach();
  }
}
