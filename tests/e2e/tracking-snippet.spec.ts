import { randomBytes } from 'node:crypto';
import type AxeBuilder from '@axe-core/playwright';
import type { ConsoleMessage, Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../scripts/chromium-flags.ts';
import { E2E_ADMIN } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * A tracking tag pasted as Google Tag Manager gives it (issue 12, decision 025): saved on the
 * Tracking Tags screen, then running on a public page under its Content-Security-Policy, with no
 * console error and no policy violation. Tags never run on localhost (spec), so the public page
 * is opened under another name that this browser resolves to the test server.
 */

const PUBLIC_HOST = 'relatos.test';
/** The public site as this browser reaches it (playwright.config.ts serves E2E_PORT). */
const PUBLIC_ORIGIN = `http://${PUBLIC_HOST}:${process.env.E2E_PORT ?? '3210'}`;

// One after the other, never side by side: each journey adds a custom tag, and a page admits
// (by hash) only the inline tags active when its HTML was sent, while it fetches the tags after
// its load. The other journey's tag, added in between, was refused by the page's policy and
// counted as this one's violation (a flaky run, 30 November 2026).
test.describe.configure({ mode: 'default' });

test.use({
  launchOptions: {
    executablePath: chromiumExecutable(),
    args: [
      ...CHROMIUM_ARGS,
      `--host-resolver-rules=MAP ${PUBLIC_HOST} 127.0.0.1`,
      // Served over https in production: the page's security headers apply as they would there.
      `--unsafely-treat-insecure-origin-as-secure=${PUBLIC_ORIGIN}`,
    ],
  },
});

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];
const describeViolations = (violations: Violations): string[] =>
  violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
  );

/** GTM's two snippets, exactly as its install dialog shows them. */
const gtmSnippets = (containerId: string) => `<!-- Google Tag Manager -->
<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':
new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],
j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src=
'https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);
})(window,document,'script','dataLayer','${containerId}');</script>
<!-- End Google Tag Manager -->
<!-- Google Tag Manager (noscript) -->
<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=${containerId}"
height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>
<!-- End Google Tag Manager (noscript) -->`;

async function signInAsAdmin(page: Page) {
  const response = await page.request.post('/api/auth/sign-in', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.status()).toBe(200);
}

test('a GTM snippet pasted as given runs on the public page without an error or a policy violation', async ({
  page,
  browser,
  baseURL,
  makeAxeBuilder,
}) => {
  test.setTimeout(60_000);
  const suffix = randomBytes(3).toString('hex').toUpperCase();
  const containerId = `GTM-E2E${suffix}`;
  const tagName = `Tag Manager ${suffix}`;
  await signInAsAdmin(page);
  await page.goto('/admin/tags');
  const form = page.getByRole('form', { name: 'Add Tracking Tag' });
  await form.getByRole('textbox', { name: 'Tag Name' }).fill(tagName);
  await form.getByRole('combobox', { name: 'Tag Type' }).selectOption('custom');
  const script = form.getByRole('textbox', { name: 'Script Content' });

  // What is not a script snippet is refused with what to paste, before anything is saved.
  await script.fill(
    `<iframe src="https://www.googletagmanager.com/ns.html?id=${containerId}"></iframe>`,
  );
  await form.getByRole('button', { name: 'Add Tag' }).click();
  await expect(form.getByText(/<iframe> is not one\. Paste the vendor's snippet/)).toBeVisible();
  const axe = await makeAxeBuilder().analyze();
  expect(describeViolations(axe.violations), 'axe on the refused paste').toEqual([]);

  // Both of GTM's snippets, pasted together as its dialog gives them.
  await script.fill(gtmSnippets(containerId));
  await form.getByRole('button', { name: 'Add Tag' }).click();
  await expect(page.getByText('Tag created')).toBeVisible();
  const row = page.getByRole('listitem', { name: tagName });
  await expect(row).toBeVisible();
  const tagId = (
    (await (await page.request.get('/api/admin/tracking-tags')).json()) as {
      tags: Array<{ id: string; tagName: string }>;
    }
  ).tags.find((tag) => tag.tagName === tagName)!.id;

  try {
    // A visitor on the public site, under a name where tags run.
    const visitor = await browser.newContext();
    const publicPage = await visitor.newPage();
    const errors: string[] = [];
    publicPage.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    publicPage.on('pageerror', (error) => errors.push(error.message));
    await publicPage.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    // Google's server stands in: what GTM's loader fetches, answered here.
    // Other journeys may hold a tag of their own on the site meanwhile: look only at this one's.
    const gtmRequested: string[] = [];
    await visitor.route('https://www.googletagmanager.com/**', async (route) => {
      gtmRequested.push(route.request().url());
      await route.fulfill({
        contentType: 'text/javascript',
        body: 'window.gtmContainerRan = true; window.dataLayer.push({ event: "gtm.load" });',
      });
    });

    expect(new URL(baseURL!).port).toBe(new URL(PUBLIC_ORIGIN).port);
    await publicPage.goto(`${PUBLIC_ORIGIN}/library`);
    await expect(
      publicPage.getByRole('heading', { level: 1, name: 'Story Library' }),
    ).toBeVisible();

    // The snippet's inline code ran (its hash is in the policy) and loaded the container.
    await expect(publicPage.locator(`script[data-tracking-tag="${tagId}"]`)).toHaveCount(1);
    await expect
      .poll(() =>
        publicPage.evaluate(() => (window as { gtmContainerRan?: boolean }).gtmContainerRan),
      )
      .toBe(true);
    expect(gtmRequested).toContain(`https://www.googletagmanager.com/gtm.js?id=${containerId}`);
    const events = await publicPage.evaluate(() =>
      ((window as unknown as { dataLayer: Array<{ event?: string }> }).dataLayer ?? []).map(
        (entry) => entry.event,
      ),
    );
    expect(events).toEqual(expect.arrayContaining(['gtm.js', 'gtm.load']));
    // The noscript part is not put into the page.
    await expect(publicPage.locator('iframe')).toHaveCount(0);

    expect(
      await publicPage.evaluate(
        () => (window as unknown as { cspViolations: string[] }).cspViolations,
      ),
    ).toEqual([]);
    expect(errors).toEqual([]);
    await visitor.close();
  } finally {
    // Tags are site-wide: leave none behind for the other journeys.
    const removed = await page.request.delete(`/api/admin/tracking-tags/${tagId}`);
    expect(removed.status()).toBe(204);
  }
});

/**
 * A tag's code that acts as soon as the admin area shows in its document, with the session of
 * whoever is signed in (issue 23): it marks the page it runs in and calls an admin API.
 */
const ADMIN_PROBE = `window.tagProbe = 'running';
setInterval(function () {
  if (document.querySelector('nav[aria-label="Admin"]') && !window.tagCalledAdmin) {
    window.tagCalledAdmin = true;
    fetch('/api/admin/users?from=tracking-tag');
  }
}, 50);`;

test('an administrator who enters the admin area from a public page where a tag ran gets it as a new page: the tag never runs beside it', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  const created = await page.request.post('/api/admin/tracking-tags', {
    data: {
      tagName: `Admin probe ${randomBytes(3).toString('hex')}`,
      tagType: 'custom',
      scriptContent: ADMIN_PROBE,
      isActive: true,
      position: 'head',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const tagId = ((await created.json()) as { tag: { id: string } }).tag.id;

  try {
    // The administrator on the public site, under a name where tags run (the session cookie the
    // test's own request got, given to that name: the request runs outside the browser).
    const context = await browser.newContext();
    const signedIn = await context.request.post('/api/auth/sign-in', {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    expect(signedIn.status()).toBe(200);
    const { cookies } = await context.storageState();
    await context.clearCookies();
    await context.addCookies(cookies.map((cookie) => ({ ...cookie, domain: PUBLIC_HOST })));
    const adminPage = await context.newPage();
    const callsFromTag: string[] = [];
    adminPage.on('request', (request) => {
      if (request.url().includes('from=tracking-tag')) callsFromTag.push(request.url());
    });
    const tagProbe = () =>
      adminPage.evaluate(() => (window as { tagProbe?: string }).tagProbe ?? null);

    await adminPage.goto(`${PUBLIC_ORIGIN}/library`);
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Story Library' })).toBeVisible();
    await expect(adminPage.locator(`script[data-tracking-tag="${tagId}"]`)).toHaveCount(1);
    await expect.poll(tagProbe).toBe('running');

    // Into the admin area through the app's own link (the router, not a page load).
    await adminPage.getByRole('button', { name: 'Account menu' }).click();
    await adminPage.getByRole('menuitem', { name: 'Admin' }).click();
    await expect(adminPage.getByRole('navigation', { name: 'Admin' })).toBeVisible();
    expect(new URL(adminPage.url()).pathname).toBe('/admin');

    // The admin area is a new document: no tag code in it, and the tag never saw it.
    expect(
      await adminPage.evaluate(
        () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type,
      ),
    ).toBe('reload');
    expect(await tagProbe()).toBeNull();
    await expect(adminPage.locator('script[data-tracking-tag]')).toHaveCount(0);
    expect(callsFromTag).toEqual([]);
    await context.close();
  } finally {
    const removed = await page.request.delete(`/api/admin/tracking-tags/${tagId}`);
    expect(removed.status()).toBe(204);
  }
});
