import type { Browser, Page } from '@playwright/test';
import { DEMO, storyBySlug } from './support/discover.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * A server-rendered page used while the app's code is still on its way (a slow connection): the
 * entry script is held back until the test lets it through. These pages use their own context,
 * since the `page` fixture's goto waits for the app to be ready.
 */
async function pageWithEntryHeld(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const html = await (await page.request.get(path)).text();
  const entry = /data-relatos-entry="([^"]+)"/.exec(html)?.[1];
  expect(entry, 'the page is server-rendered, with its entry deferred').toBeTruthy();

  let letThrough: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  await page.route(
    (url) => url.pathname === entry,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  const contactPosts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/contact') {
      contactPosts.push(request.postData() ?? '');
    }
  });

  await page.goto(path);
  return { context, page, hydrate: letThrough, contactPosts };
}

async function contactPageWithEntryHeld(browser: Browser, baseURL: string) {
  const held = await pageWithEntryHeld(browser, baseURL, '/contact');
  await expect(held.page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  return held;
}

const appReady = (page: Page) => page.locator('html[data-app-ready="true"]');

function contactFields(page: Page) {
  const form = page.getByRole('main').locator('form');
  return {
    form,
    name: form.getByLabel('Name', { exact: true }),
    email: form.getByLabel('Email', { exact: true }),
    category: form.getByLabel('Category', { exact: true }),
    subject: form.getByLabel('Subject', { exact: true }),
    message: form.getByLabel('Message', { exact: true }),
    send: form.getByRole('button', { name: 'Send Message' }),
  };
}

async function fillBeforeHydration(page: Page, subject: string) {
  const fields = contactFields(page);
  await fields.name.fill('Rosa Vidal');
  await fields.email.fill('rosa.vidal@example.com');
  await fields.category.selectOption({ label: 'Technical Issue' });
  await fields.subject.fill(subject);
  await fields.message.fill('Typed while the page was still loading.');
  // Still the server's HTML alone: nothing has hydrated yet.
  await expect(appReady(page)).toHaveCount(0);
  return fields;
}

test.describe('a form on a server-rendered page, used before the app is ready', () => {
  test('keeps what was typed through hydration, then sends it', async ({ browser, baseURL }) => {
    const { context, page, hydrate, contactPosts } = await contactPageWithEntryHeld(
      browser,
      baseURL!,
    );
    const fields = await fillBeforeHydration(page, 'Typed before hydration');

    hydrate();
    await expect(appReady(page)).toHaveCount(1);
    await expect(fields.name).toHaveValue('Rosa Vidal');
    await expect(fields.email).toHaveValue('rosa.vidal@example.com');
    await expect(fields.category).toHaveValue('technical');
    await expect(fields.subject).toHaveValue('Typed before hydration');
    await expect(fields.message).toHaveValue('Typed while the page was still loading.');

    await fields.send.click();
    await expect(page.getByText('Message sent!', { exact: true })).toBeVisible();
    expect(contactPosts.map((body) => JSON.parse(body) as unknown)).toEqual([
      {
        name: 'Rosa Vidal',
        email: 'rosa.vidal@example.com',
        category: 'technical',
        subject: 'Typed before hydration',
        message: 'Typed while the page was still loading.',
      },
    ]);
    await expect(fields.subject).toHaveValue('');
    await context.close();
  });

  test('sends, once, a message whose button was pressed before hydration', async ({
    browser,
    baseURL,
  }) => {
    const { context, page, hydrate, contactPosts } = await contactPageWithEntryHeld(
      browser,
      baseURL!,
    );
    const fields = await fillBeforeHydration(page, 'Sent before hydration');
    await fields.send.click();
    // The browser did not send the form itself (no reload with the fields in the address).
    await expect(page).toHaveURL(/\/contact$/);
    await expect(fields.subject).toHaveValue('Sent before hydration');
    expect(contactPosts).toEqual([]);

    hydrate();
    await expect(page.getByText('Message sent!', { exact: true })).toBeVisible();
    await expect(fields.subject).toHaveValue('');
    await expect(page).toHaveURL(/\/contact$/);
    expect(contactPosts).toHaveLength(1);
    expect(JSON.parse(contactPosts[0]!)).toMatchObject({ subject: 'Sent before hydration' });
    await context.close();
  });

  test('filters the library by a search typed before hydration', async ({ browser, baseURL }) => {
    const { context, page, hydrate } = await pageWithEntryHeld(browser, baseURL!, '/library');
    const { story } = await storyBySlug(page.request, DEMO.open.slug);
    const cards = page.getByRole('region', { name: 'Stories' }).getByRole('article');
    expect(await cards.count()).toBeGreaterThan(1);
    await page.getByRole('searchbox', { name: 'Search stories' }).fill(story.title);
    await expect(appReady(page)).toHaveCount(0);

    hydrate();
    await expect(appReady(page)).toHaveCount(1);
    await expect(cards).toHaveCount(1);
    await expect(page.getByRole('searchbox', { name: 'Search stories' })).toHaveValue(story.title);
    await expect(page).toHaveURL(/[?&]q=/);
    await context.close();
  });
});
