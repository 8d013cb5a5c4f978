import type { BrowserContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { ACCOUNT_STAMP_HEADER, ANONYMOUS_STAMP } from '#shared/offline/account-stamp';
import { API_CACHE, PAGES_CACHE } from '#shared/offline/offline-storage';
import { signedInLearner } from './support/accounts';
import { expect, test } from './support/fixtures';
import { waitForServiceWorker } from './support/service-worker';

/*
 * Personal caches on a shared device (issue 23): what the service worker kept for a learner goes
 * when the app learns that learner's session has ended — at its next start, or when it comes back
 * online — and a kept answer is never shown to another account.
 */

test.use({ serviceWorkers: 'allow' });

/** Paths kept in one of the caches. */
const kept = (page: Page, cache: string) =>
  page.evaluate(
    async (name) =>
      (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname),
    cache,
  );

/** A learner who opened their profile (kept by the worker), then closed the app. */
async function learnerWhoLeft(page: Page, context: BrowserContext) {
  await page.goto('/');
  await waitForServiceWorker(page);
  const { email } = await signedInLearner(page);
  await page.goto('/profile');
  await expect(page.getByText(email).first()).toBeVisible();
  await expect.poll(() => kept(page, API_CACHE)).toContain('/api/me/profile');
  expect(await kept(page, PAGES_CACHE)).toContain('/profile');
  await page.close();
  return { email, next: await context.newPage() };
}

/**
 * Ends the session on the server while the browser keeps its (now dead) cookie, as when the
 * learner signs out on another device: only the server knows.
 */
async function endSessionElsewhere(
  playwright: PlaywrightWorkerArgs['playwright'],
  context: BrowserContext,
  baseURL: string,
) {
  const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
  const elsewhere = await playwright.request.newContext({ baseURL });
  try {
    const response = await elsewhere.post('/api/auth/sign-out', {
      headers: { cookie, origin: baseURL },
    });
    expect(response.ok()).toBe(true);
  } finally {
    await elsewhere.dispose();
  }
}

test('a session that ended while no page was open: at the next start its kept pages and answers go, and offline nothing of it shows', async ({
  page,
  context,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  const { email, next } = await learnerWhoLeft(page, context);
  await endSessionElsewhere(playwright, context, baseURL!);

  await next.goto('/');
  await expect(next.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await expect.poll(() => kept(next, API_CACHE)).not.toContain('/api/me/profile');
  expect(await kept(next, PAGES_CACHE)).not.toContain('/profile');

  await context.setOffline(true);
  await next.goto('/profile');
  await expect(next.locator('main')).toBeVisible();
  await expect(next.getByText(email)).toHaveCount(0);
});

test('coming back online after the session ended elsewhere empties what it kept', async ({
  page,
  context,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  const { email, next } = await learnerWhoLeft(page, context);
  // Opened offline: the device cannot know yet, and its learner sees their own profile.
  await context.setOffline(true);
  await next.goto('/profile');
  await expect(next.getByText(email).first()).toBeVisible();

  // The session ends elsewhere while this page is offline; then the connection returns.
  await endSessionElsewhere(playwright, context, baseURL!);
  await context.setOffline(false);

  // Checked when the connection returns. Chromium may tell the page it is online a moment before
  // the worker's own requests get through: the worker then answers with the session it kept,
  // marked as kept, and the app asks again within seconds (not at its next 30 s check).
  await expect
    .poll(() => kept(next, API_CACHE), { timeout: 15_000 })
    .not.toContain('/api/me/profile');
  await context.setOffline(true);
  await next.goto('/profile');
  await expect(next.locator('main')).toBeVisible();
  await expect(next.getByText(email)).toHaveCount(0);
});

test('offline, a kept answer is shown only to the account it was made for', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { email, next } = await learnerWhoLeft(page, context);
  // Offline from here on, so no session check of the app's rewrites what the test sets up.
  await context.setOffline(true);
  await next.goto('/');
  // The device's last session answer names nobody (as after another learner signed out), while
  // the first learner's profile answer is still kept: the worker must not show it.
  await next.evaluate(
    async ({ cache, header, anonymous }) => {
      const store = await caches.open(cache);
      await store.put(
        '/api/auth/session',
        new Response(JSON.stringify({ user: null, refreshed: false }), {
          headers: { 'content-type': 'application/json', [header]: anonymous },
        }),
      );
    },
    { cache: API_CACHE, header: ACCOUNT_STAMP_HEADER, anonymous: ANONYMOUS_STAMP },
  );
  expect(await kept(next, API_CACHE)).toContain('/api/me/profile');
  const answer = await next.evaluate(async () => {
    try {
      const response = await fetch('/api/me/profile');
      return response.ok ? await response.text() : `status ${response.status}`;
    } catch {
      return 'no answer';
    }
  });
  expect(answer).not.toContain(email);
  expect(answer).toBe('no answer');
  // Nor the page kept for them: the app shell renders it, and finds nothing of theirs to show.
  await next.goto('/profile');
  await expect(next.locator('main')).toBeVisible();
  await expect(next.getByText(email)).toHaveCount(0);
});
