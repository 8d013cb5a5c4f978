import { randomUUID } from 'node:crypto';
import type AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Story } from '#shared/contracts/stories';
import {
  API_CACHE,
  DOWNLOADS_CACHE,
  PAGES_CACHE,
  syncStoreKey,
} from '#shared/offline/offline-storage';
import { expect, test } from './support/fixtures';
import { signedInLearner } from './support/accounts';
import { listStories, OPEN_STORY_SLUG } from './support/demo-library';
import { waitForServiceWorker } from './support/service-worker';
import { waitForToastsToClear } from './support/toasts';

/*
 * Downloads for offline (issue 15, decision 040): a chapter from the player, a whole story from its
 * page, the marks, the Downloads page, and what sign-out leaves on the device. The files are
 * checked where the service worker reads them: Cache Storage, under the URLs the app requests.
 */

const PREMIUM_STORY_SLUG = 'el-paraguas-rojo';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A control's name: its label, then (for screen readers) what it acts on. */
const named = (label: string, title: string) =>
  new RegExp(`^${escapeRegExp(label)}\\s*:\\s*${escapeRegExp(title)}$`);

const byPosition = (story: Story) => [...story.chapters].sort((a, b) => a.position - b.position);

async function demoStories(page: Page) {
  const stories = await listStories(page.request);
  const find = (slug: string) => {
    const story = stories.find((candidate) => candidate.slug === slug);
    if (!story) throw new Error(`no demo story ${slug}`);
    return story;
  };
  return { open: find(OPEN_STORY_SLUG), premium: find(PREMIUM_STORY_SLUG) };
}

/** The paths (and queries) stored in a cache of this origin; null when the cache does not exist. */
const storedIn = (page: Page, cacheName: string) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return null;
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => {
      const url = new URL(request.url);
      return url.pathname + url.search;
    });
  }, cacheName);

/**
 * Holds the downloads' audio requests (those without Range: the player's own element asks with
 * one) until `release` is called, so the progress bar and Cancel can be seen.
 */
async function holdAudioDownloads(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const arrived = { count: 0 };
  await page.route('**/api/chapters/*/audio', async (route) => {
    if (route.request().headers()['range'] !== undefined) return route.continue();
    arrived.count += 1;
    await held;
    await route.continue().catch(() => undefined);
  });
  return {
    release,
    arrived,
    stop: () => page.unroute('**/api/chapters/*/audio'),
  };
}

/**
 * Records, from the start of every page, the name of each download progress bar that appears: a
 * download on this machine can finish between two looks, the record cannot miss it.
 */
async function recordProgressBars(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { downloadBarsSeen: string[] }).downloadBarsSeen = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('[role="progressbar"]')) {
        const name = bar.getAttribute('aria-label') ?? '';
        if (name.startsWith('Downloading ') && !seen.includes(name)) seen.push(name);
      }
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
}

const progressBarsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { downloadBarsSeen: string[] }).downloadBarsSeen);

/** Axe on the current page once the toasts are gone (they are app-wide, not this page's). */
async function scan(page: Page, makeAxeBuilder: () => AxeBuilder) {
  await waitForToastsToClear(page);
  const { violations } = await makeAxeBuilder().exclude('[data-sonner-toaster]').analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('downloads for offline, with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('download a chapter and a whole story, see the marks, manage them on Downloads, and sign out', async ({
    page,
    makeAxeBuilder,
  }) => {
    test.setTimeout(120_000);
    await recordProgressBars(page);
    await signedInLearner(page);
    const { open, premium } = await demoStories(page);
    const openChapters = byPosition(open);
    const premiumChapters = byPosition(premium);
    const first = openChapters[0]!;

    // The player downloads its chapter, with a progress bar while it runs, then marks it; the
    // files are fetched through the service worker, as on a learner's device.
    await page.goto(`/player/${first.id}`);
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'Download for offline' }).click();
    await expect(page.getByText('Downloaded', { exact: true })).toBeVisible();
    await expect.poll(() => progressBarsSeen(page)).toContain(`Downloading ${first.title}`);

    // Stored where the service worker looks: the chapter's files, and the learner's answers apart.
    const files = await storedIn(page, DOWNLOADS_CACHE);
    expect(files).toEqual(
      expect.arrayContaining([
        `/api/chapters/${first.id}`,
        `/api/chapters/${first.id}/transcript`,
        `/api/chapters/${first.id}/audio`,
        `/api/stories/${open.id}`,
        `/api/stories/by-slug/${open.slug}`,
      ]),
    );
    expect(await storedIn(page, API_CACHE)).toEqual(
      expect.arrayContaining([
        `/api/bookmarks?chapterId=${first.id}`,
        `/api/progress?chapterIds=${first.id}`,
      ]),
    );
    const audio = await page.evaluate(async (url) => {
      const response = await (await caches.open('relatos-downloads-v1')).match(url);
      return response ? (await response.arrayBuffer()).byteLength : 0;
    }, `/api/chapters/${first.id}/audio`);
    const served = await page.request.get(`/api/chapters/${first.id}/audio`);
    expect(audio).toBe((await served.body()).byteLength);

    // The story page marks it, and offers the other chapters.
    await page.goto(`/story/${open.slug}`);
    const chapterRows = page.getByRole('region', { name: 'Chapters' });
    await expect(
      chapterRows
        .getByRole('listitem')
        .filter({ hasText: first.title })
        .getByTestId('downloaded-mark'),
    ).toBeVisible();
    await expect(chapterRows.getByTestId('downloaded-mark')).toHaveCount(1);
    const rest = page.getByRole('button', {
      name: named(`Download the other ${openChapters.length - 1} chapters`, open.title),
    });
    // The whole story, then a story that needs an account (this learner is signed in).
    await rest.click();
    await expect(page.getByText('Manage downloads')).toBeVisible({ timeout: 30_000 });
    await expect(chapterRows.getByTestId('downloaded-mark')).toHaveCount(openChapters.length);
    await expect.poll(() => progressBarsSeen(page)).toContain(`Downloading ${open.title}`);
    // Each chapter's player page is kept as the server rendered it, opened under the worker or not
    // (the app shell's root is empty; this one holds the chapter).
    expect(await storedIn(page, PAGES_CACHE)).toEqual(
      expect.arrayContaining(openChapters.map((chapter) => `/player/${chapter.id}`)),
    );
    const second = openChapters[1]!;
    const keptPage = await page.evaluate(
      async ({ cacheName, url }) => {
        const response = await (await caches.open(cacheName)).match(url);
        return response ? await response.text() : '';
      },
      { cacheName: PAGES_CACHE, url: `/player/${second.id}` },
    );
    expect(keptPage).not.toContain('<div id="root"></div>');
    expect(keptPage).toContain(second.id);
    await page.goto(`/story/${premium.slug}`);
    await page.getByRole('button', { name: named('Download for offline', premium.title) }).click();
    await expect(page.getByText('Manage downloads')).toBeVisible({ timeout: 30_000 });

    // The library counts them on each story's card.
    await page.goto('/library');
    const card = (title: string) => page.getByRole('article', { name: title });
    await expect(card(open.title)).toContainText(
      `${openChapters.length} of ${openChapters.length} chapters downloaded`,
    );
    await expect(card(premium.title)).toContainText(
      `${premiumChapters.length} of ${premiumChapters.length} chapters downloaded`,
    );

    // Downloads, from the account menu: by story, with sizes, the total and the browser's quota.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Downloads' }).click();
    await expect(page).toHaveURL(/\/downloads$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: open.title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: premium.title })).toBeVisible();
    const rows = page.getByTestId('downloaded-chapter');
    await expect(rows).toHaveCount(openChapters.length + premiumChapters.length);
    for (const size of await page.getByTestId('chapter-size').allTextContents()) {
      expect(size).toMatch(/^\d+(\.\d)? (KB|MB)$/);
    }
    await expect(card(open.title).getByTestId('story-size')).toHaveText(
      new RegExp(`^${openChapters.length} chapters · \\d+(\\.\\d)? (KB|MB)$`),
    );
    await expect(page.getByTestId('downloads-total')).toHaveText(
      /^Downloads: \d+(\.\d)? (KB|MB) in total$/,
    );
    await expect(page.getByTestId('storage-estimate')).toHaveText(
      /^\d+(\.\d)? (bytes|KB|MB|GB) used of \d+(\.\d)? (MB|GB|TB) available$/,
    );
    await scan(page, makeAxeBuilder);

    // Remove one chapter: its files go, the story's stay for the others.
    const last = openChapters.at(-1)!;
    await page.getByRole('button', { name: named('Remove', last.title) }).click();
    await expect(rows).toHaveCount(openChapters.length - 1 + premiumChapters.length);
    await expect(card(open.title).getByTestId('story-size')).toHaveText(
      new RegExp(`^${openChapters.length - 1} chapters · `),
    );
    const left = (await storedIn(page, DOWNLOADS_CACHE))!;
    expect(left.some((url) => url.includes(last.id))).toBe(false);
    expect(left).toContain(`/api/stories/${open.id}`);
    const pagesLeft = (await storedIn(page, PAGES_CACHE))!;
    expect(pagesLeft).not.toContain(`/player/${last.id}`);
    expect(pagesLeft).toContain(`/player/${first.id}`);

    // Night mode, and a phone's width without sideways scrolling.
    await page.evaluate(() => window.localStorage.setItem('relatos.theme', 'dark'));
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(rows).toHaveCount(openChapters.length - 1 + premiumChapters.length);
    await scan(page, makeAxeBuilder);
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(rows.first()).toBeVisible();
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    await page.goto(`/story/${premium.slug}`);
    await expect(page.getByText('Manage downloads')).toBeVisible();
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Signing out takes what needs an account off the device, and keeps the open story.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/downloads');
    await expect(rows).toHaveCount(openChapters.length - 1);
    await expect(page.getByRole('heading', { level: 2, name: premium.title })).toHaveCount(0);
    const afterSignOut = (await storedIn(page, DOWNLOADS_CACHE))!;
    for (const chapter of premiumChapters) {
      expect(afterSignOut.some((url) => url.includes(chapter.id))).toBe(false);
    }
    expect(afterSignOut.some((url) => url.includes(premium.id) || url.includes(premium.slug))).toBe(
      false,
    );
    expect(afterSignOut).toContain(`/api/chapters/${first.id}/audio`);
    // The API cache holds nothing of the learner's any more (the worker refills it with what the
    // visitor's pages ask since).
    const personal = /^\/api\/(bookmarks|progress|me\/)|\/vocabulary$/;
    expect((await storedIn(page, API_CACHE)) ?? []).not.toContainEqual(
      expect.stringMatching(personal),
    );
    const session = await page.evaluate(async () => {
      const response = await (await caches.open('relatos-api-v1')).match('/api/auth/session');
      return response ? ((await response.json()) as { user: unknown }) : null;
    });
    expect(session?.user ?? null).toBeNull();
  });
});

test.describe('downloads for offline, worker blocked', () => {
  // The worker blocked (the default), page.route sees the page's requests and can hold a
  // download's audio.
  test('a download shows its progress and Cancel, and a cancelled one keeps nothing', async ({
    page,
  }) => {
    await signedInLearner(page);
    const { open } = await demoStories(page);
    const [first, second] = byPosition(open);

    // The player: the bar and Cancel while the audio arrives, then "Downloaded".
    await page.goto(`/player/${first!.id}`);
    const hold = await holdAudioDownloads(page);
    await page.getByRole('button', { name: 'Download for offline' }).click();
    await expect(
      page.getByRole('progressbar', { name: `Downloading ${first!.title}` }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: `Cancel the download of ${first!.title}` }),
    ).toBeVisible();
    hold.release();
    await expect(page.getByText('Downloaded', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('progressbar', { name: `Downloading ${first!.title}` }),
    ).toHaveCount(0);
    await hold.stop();

    // The story page: Cancel while the next chapter's audio is held keeps nothing of it.
    await page.goto(`/story/${open.slug}`);
    const rest = page.getByRole('button', {
      name: named(`Download the other ${open.chapters.length - 1} chapters`, open.title),
    });
    const cancelHold = await holdAudioDownloads(page);
    await rest.click();
    await expect(
      page.getByRole('progressbar', { name: `Downloading ${open.title}` }),
    ).toBeVisible();
    await expect.poll(() => cancelHold.arrived.count).toBe(1);
    await page.getByRole('button', { name: `Cancel the download of ${open.title}` }).click();
    await expect(rest).toBeVisible();
    cancelHold.release();
    await cancelHold.stop();
    const chapterRows = page.getByRole('region', { name: 'Chapters' });
    await expect(chapterRows.getByTestId('downloaded-mark')).toHaveCount(1);
    const stored = (await storedIn(page, DOWNLOADS_CACHE))!;
    expect(stored.some((url) => url.includes(second!.id))).toBe(false);
    expect(stored).toContain(`/api/chapters/${first!.id}/audio`);
    await page.goto('/downloads');
    await expect(page.getByTestId('downloaded-chapter')).toHaveCount(1);
  });

  test('a chapter the server refuses is not downloaded, and the server says why', async ({
    page,
  }) => {
    await signedInLearner(page);
    const { premium } = await demoStories(page);
    await page.goto(`/story/${premium.slug}`);
    const download = page.getByRole('button', {
      name: named('Download for offline', premium.title),
    });
    await expect(download).toBeVisible();

    // The session ends behind the page's back: the server now refuses the story's media.
    expect((await page.request.post('/api/auth/sign-out')).ok()).toBe(true);
    await download.click();
    await expect(page.getByText(`Could not download “${premium.title}”`)).toBeVisible();
    await expect(page.getByText('Please sign in to access this story')).toBeVisible();
    await expect(download).toBeVisible();
    const stored = (await storedIn(page, DOWNLOADS_CACHE)) ?? [];
    expect(stored.some((url) => premium.chapters.some((chapter) => url.includes(chapter.id)))).toBe(
      false,
    );
    await page.goto('/downloads');
    await expect(page.getByRole('heading', { level: 2, name: 'No downloads yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse the Library' })).toHaveAttribute(
      'href',
      '/library',
    );
  });

  test('deleting the account takes every download made with it off the device, and what it left waiting', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { open, premium } = await demoStories(page);
    const [visitorsChapter, ...rest] = byPosition(open);

    // A visitor's download, made before signing in, is nobody's: it stays.
    await page.goto(`/player/${visitorsChapter!.id}`);
    await page.getByRole('button', { name: 'Download for offline' }).click();
    await expect(page.getByText('Downloaded', { exact: true })).toBeVisible({ timeout: 30_000 });

    const { password } = await signedInLearner(page);
    for (const [story, label] of [
      [open, `Download the other ${rest.length} chapters`],
      [premium, 'Download for offline'],
    ] as const) {
      await page.goto(`/story/${story.slug}`);
      await page.getByRole('button', { name: named(label, story.title) }).click();
      await expect(page.getByText('Manage downloads')).toBeVisible({ timeout: 30_000 });
    }
    await page.goto('/downloads');
    await expect(page.getByTestId('downloaded-chapter')).toHaveCount(
      open.chapters.length + premium.chapters.length,
    );
    // A bookmark made while the server could not be reached, still waiting to be sent (the
    // server stays out of reach for it until the account is deleted).
    await page.route('**/api/bookmarks', (route) => route.abort('internetdisconnected'));
    const session = (await (await page.request.get('/api/auth/session')).json()) as {
      user: { id: string };
    };
    const waitingKey = syncStoreKey(session.user.id);
    const waiting = {
      id: randomUUID(),
      kind: 'bookmark',
      madeAt: Date.now(),
      data: {
        op: 'create',
        id: randomUUID(),
        chapterId: visitorsChapter!.id,
        positionSeconds: 3,
        note: 'para luego',
      },
    };
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      waitingKey,
      JSON.stringify([waiting]),
    ] as const);
    const keptWaiting = () => page.evaluate((key) => localStorage.getItem(key), waitingKey);

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill(password);
    expect(await keptWaiting()).not.toBeNull();
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await keptWaiting()).toBeNull();

    await page.goto('/downloads');
    await expect(page.getByTestId('downloaded-chapter')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 2, name: premium.title })).toHaveCount(0);
    const stored = (await storedIn(page, DOWNLOADS_CACHE))!;
    expect(stored).toContain(`/api/chapters/${visitorsChapter!.id}/audio`);
    const gone = [...rest, ...premium.chapters];
    expect(stored.filter((url) => gone.some((chapter) => url.includes(chapter.id)))).toEqual([]);
    expect(await storedIn(page, API_CACHE)).toBeNull();
  });

  test('a visitor sees no download for a story that needs an account', async ({ page }) => {
    const { premium, open } = await demoStories(page);
    await page.goto(`/story/${premium.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: premium.title })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Download/ })).toHaveCount(0);
    await page.goto(`/story/${open.slug}`);
    await expect(
      page.getByRole('button', { name: named('Download for offline', open.title) }),
    ).toBeVisible();
  });
});
