import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { API_CACHE, PAGES_CACHE } from '#shared/offline/offline-storage';
import { offlineTexts } from '#client/lib/offline/offline-texts';
import { E2E_ADMIN, signInThroughForm } from './support/accounts';
import { axeViolations } from './support/axe';
import { openStoryFirstChapter } from './support/demo-library';
import { expect, test } from './support/fixtures';
import { buildNextClient, NEXT_BUILD_MARKER, startBuildSwitchProxy } from './support/next-build';
import { installabilityErrors, waitForServiceWorker } from './support/service-worker';

/*
 * The app shell offline and installable (issue 15, decision 039): the service worker keeps the
 * pages visited and the API answers seen; offline they open from there (a page never visited from
 * the precached app shell), the offline notice shows, and an action that needs the server says so.
 */

test.use({ serviceWorkers: 'allow' });

const offlineNotice = (page: Page) => page.getByTestId('offline-indicator');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
/** The HTML of a page kept in the pages cache (null: not kept). */
const keptPage = (page: Page, path: string) =>
  page.evaluate(
    async ({ name, path }) => (await (await caches.open(name)).match(path))?.text() ?? null,
    { name: PAGES_CACHE, path },
  );

test('pages seen online and the library open offline, with the offline notice; sending a message or signing in says it needs a connection', async ({
  page,
  context,
  request,
  makeAxeBuilder,
}) => {
  test.setTimeout(120_000);
  const { story } = await openStoryFirstChapter(request);

  await page.goto('/');
  await waitForServiceWorker(page);
  await expect(offlineNotice(page)).toBeEmpty();
  for (const [path, title] of [
    ['/library', 'Story Library'],
    [`/story/${story.slug}`, story.title],
    ['/contact', 'Contact Us'],
  ] as const) {
    await page.goto(path);
    await expect(heading(page, title)).toBeVisible();
  }

  await context.setOffline(true);
  await page.reload();
  await expect(heading(page, 'Contact Us')).toBeVisible();
  await expect(offlineNotice(page)).toHaveText(offlineTexts.indicator);
  await expect(offlineNotice(page)).toHaveAttribute('aria-live', 'polite');

  const form = page.getByRole('main').locator('form');
  await form.getByLabel('Name', { exact: true }).fill('Rosa Vidal');
  await form.getByLabel('Email', { exact: true }).fill('rosa.vidal@example.com');
  await form.getByLabel('Category', { exact: true }).selectOption({ label: 'Technical Issue' });
  await form.getByLabel('Subject', { exact: true }).fill('Written on the underground');
  await form.getByLabel('Message', { exact: true }).fill('No signal down here.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(offlineTexts.needsConnection)).toBeVisible();

  // The library as last seen, then a story from it by its link.
  await page.goto('/library');
  await expect(heading(page, 'Story Library')).toBeVisible();
  await expect(offlineNotice(page)).toHaveText(offlineTexts.indicator);
  await page.getByRole('link', { name: story.title }).first().click();
  await expect(heading(page, story.title)).toBeVisible();

  // Never visited: the precached app shell renders it.
  await page.goto('/faq');
  await expect(heading(page, 'Frequently Asked Questions')).toBeVisible();
  await expect(offlineNotice(page)).toHaveText(offlineTexts.indicator);

  // Signing in needs the server, and says so (the page itself, never kept, is the app shell).
  await page.goto('/auth');
  await page.getByLabel('Email').fill('rosa.vidal@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Secreto123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(offlineTexts.needsConnection)).toBeVisible();

  await page.goto('/faq');
  // The notice on a phone's width, in both themes, passes the accessibility scan.
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await axeViolations(makeAxeBuilder())).toEqual([]);
  await page.evaluate(() => window.localStorage.setItem('relatos.theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(offlineNotice(page)).toHaveText(offlineTexts.indicator);
  expect(await axeViolations(makeAxeBuilder())).toEqual([]);
  const noticeBox = await offlineNotice(page).boundingBox();
  expect(noticeBox?.width).toBeLessThanOrEqual(375);

  await context.setOffline(false);
  await expect(offlineNotice(page)).toBeEmpty();
});

test('administration is never kept on the device: its pages, its answers, its code', async ({
  page,
}) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL('/');
  await page.goto('/admin/users');
  await expect(heading(page, 'User Management')).toBeVisible();
  await page.goto('/library');
  await expect(heading(page, 'Story Library')).toBeVisible();

  const kept = await page.evaluate(
    async ({ apiCache, pagesCache }) => {
      const paths = async (name: string) =>
        (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
      const precached: string[] = [];
      for (const name of await caches.keys()) {
        if (name.includes('precache')) precached.push(...(await paths(name)));
      }
      return { api: await paths(apiCache), pages: await paths(pagesCache), precached };
    },
    { apiCache: API_CACHE, pagesCache: PAGES_CACHE },
  );
  expect(kept.pages).toContain('/library');
  expect(kept.pages.filter((path) => path.startsWith('/admin'))).toEqual([]);
  expect(kept.api).toContain('/api/auth/session');
  expect(kept.api.filter((path) => path.startsWith('/api/admin'))).toEqual([]);
  expect(kept.precached).toContain('/app-shell.html');
  expect(kept.precached.some((path) => /\/assets\/home-[^/]+\.js$/.test(path))).toBe(true);
  expect(kept.precached.some((path) => /\/assets\/admin-routes-/.test(path))).toBe(false);
});

test('Chromium finds the app installable', async ({ playwright, launchOptions, baseURL }) => {
  // A browser profile of its own: Chromium never offers to install from an incognito context.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await waitForServiceWorker(page);
    const { errors, manifestUrl } = await installabilityErrors(context, page);
    expect(errors).toEqual([]);
    expect(new URL(manifestUrl).pathname).toBe('/manifest.webmanifest');
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('a new version is offered with Reload, which runs it; until then the open tab keeps working', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const nextBuild = await buildNextClient();
  const proxy = await startBuildSwitchProxy(baseURL!);
  const context = await browser.newContext({ baseURL: proxy.url, serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    const build = () => page.locator('html').getAttribute('data-build');
    await page.goto('/');
    await expect(page.locator('html[data-app-ready="true"]')).toBeAttached();
    await waitForServiceWorker(page);
    expect(await build()).toBeNull();
    // A page loaded under this version's worker: kept, its HTML naming this build's assets.
    await page.goto('/contact');
    await expect(heading(page, 'Contact Us')).toBeVisible();
    // A downloaded chapter: its player's page is kept too (decision 040).
    const { chapter } = await openStoryFirstChapter(context.request);
    const playerPage = `/player/${chapter.id}`;
    await page.goto(playerPage);
    await page.getByRole('button', { name: 'Download for offline' }).click();
    await expect(page.getByText('Downloaded', { exact: true })).toBeVisible();
    expect(await keptPage(page, playerPage)).not.toBeNull();

    // The next version is deployed; the open tab looks for it when it comes back into view.
    proxy.serveBuild(nextBuild);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const offer = page.getByRole('status').filter({ hasText: offlineTexts.updateAvailable });
    await expect(page.getByText(offlineTexts.updateAvailable)).toBeVisible({ timeout: 60_000 });

    // Not reloaded yet: a page whose code this tab has not loaded still opens (the old files
    // come from the old worker's precache: the site itself no longer has them).
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Help' })
      .click();
    await expect(heading(page, 'Help Center')).toBeVisible();
    expect(await build()).toBeNull();

    await page.getByRole('button', { name: offlineTexts.updateReload }).click();
    await expect(page.locator('html')).toHaveAttribute('data-build', NEXT_BUILD_MARKER, {
      timeout: 30_000,
    });
    await expect(heading(page, 'Help Center')).toBeVisible();
    await expect(offer).toHaveCount(0);

    // The new worker emptied the pages cache; the downloads list, once read online, puts the
    // downloaded chapter's page back, as the new version renders it.
    await page.goto('/downloads');
    await expect.poll(() => keptPage(page, playerPage), { timeout: 30_000 }).not.toBeNull();
    expect(await keptPage(page, '/contact')).toBeNull();

    // Offline, a page visited under the old version (its HTML named the old build's assets, gone
    // now) opens from the new version and runs: the kept copy went when the new worker activated.
    await context.setOffline(true);
    await page.goto('/contact');
    await expect(page.locator('html')).toHaveAttribute('data-build', NEXT_BUILD_MARKER);
    await expect(page.locator('html[data-app-ready="true"]')).toBeAttached();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Help' })
      .click();
    await expect(heading(page, 'Help Center')).toBeVisible();
  } finally {
    await context.close();
    await proxy.close();
    fs.rmSync(nextBuild, { recursive: true, force: true });
  }
});
