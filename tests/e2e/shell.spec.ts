import { expect, test } from './support/fixtures';
import { shippedLibrary } from '../api/helpers/shipped-library';
import { listStories } from './support/demo-library';

test.describe('home page', () => {
  test('shows the header, the hero, the demo stories and the footer', async ({ page, request }) => {
    // The library a fresh install ships: the built demo stories and the bundled packages.
    const stories = await listStories(request);
    const { slugs } = await shippedLibrary();
    expect(stories.map((story) => story.slug).sort()).toEqual(slugs.sort());

    await page.goto('/');

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Relatos home' })).toBeVisible();
    const mainNav = header.getByRole('navigation', { name: 'Main' });
    await expect(mainNav.getByRole('link', { name: 'Library' })).toBeVisible();
    await expect(mainNav.getByRole('link', { name: 'Help' })).toBeVisible();

    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Master Spanish with stories you can listen to',
      }),
    ).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Start Your Spanish Story Journey Now!' }),
    ).toHaveAttribute('href', '/library');
    await expect(page.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/help');

    // The first story of the library is the featured one.
    const featured = page.getByRole('region', { name: 'Featured Story' });
    await expect(featured.getByRole('heading', { name: stories[0]!.title })).toBeVisible();

    const support = page.getByRole('contentinfo').getByRole('navigation', { name: 'Support' });
    for (const name of ['Help Center', 'Contact Us', 'FAQ', 'Privacy Policy']) {
      await expect(support.getByRole('link', { name })).toBeVisible();
    }
  });

  test('the document carries the security headers and is never cached', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cache-control']).toBe('no-cache');
    expect(headers['content-type']).toMatch(/^text\/html/);
  });

  test('hashed assets are immutable and compressed', async ({ page, request }) => {
    await page.goto('/');
    const scriptSrc = await page
      .locator('script[type="module"][src^="/assets/"]')
      .first()
      .getAttribute('src');
    expect(scriptSrc).toMatch(/^\/assets\/[\w-]+-[\w-]{8}\.js$/);

    for (const acceptEncoding of ['gzip', 'br', 'gzip, deflate, br']) {
      const asset = await request.get(scriptSrc!, {
        headers: { 'Accept-Encoding': acceptEncoding },
      });
      expect(asset.status()).toBe(200);
      expect(asset.headers()['cache-control']).toContain('immutable');
      expect(asset.headers()['cache-control']).toContain('max-age=31536000');
      const encoding = asset.headers()['content-encoding'];
      expect(encoding, `content-encoding for Accept-Encoding: ${acceptEncoding}`).toBeDefined();
      expect(acceptEncoding.split(/,\s*/)).toContain(encoding);
      expect(asset.headers()['content-type']).toMatch(/javascript/);
    }
  });
});

test.describe('client routes', () => {
  for (const { path, heading } of [
    { path: '/library', heading: 'Story Library' },
    { path: '/help', heading: 'Help Center' },
  ]) {
    test(`a deep link to ${path} renders the page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-type']).toMatch(/^text\/html/);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }

  test('an unknown route shows Page Not Found and reports it', async ({ page }) => {
    const report = page.waitForRequest(
      (request) =>
        request.method() === 'POST' && new URL(request.url()).pathname === '/api/client-log',
    );
    const response = await page.goto('/no/such/page');
    // Issue 13: an address no page shows is a 404 (the page is still the app's own).
    expect(response?.status()).toBe(404);

    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    await expect(main.getByRole('link', { name: 'Browse the Library' })).toHaveAttribute(
      'href',
      '/library',
    );

    const sent = await report;
    expect(sent.postDataJSON()).toEqual({ kind: 'not_found', path: '/no/such/page' });
    expect((await sent.response())?.status()).toBe(204);
  });

  test('an unknown API path stays a JSON 404', async ({ request }) => {
    const response = await request.get('/api/no/such/thing');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
  });

  test('an auth result in the fragment lands on /email-confirmation', async ({ page }) => {
    await page.goto('/#access_token=abc&type=signup');
    await expect(page).toHaveURL(/\/email-confirmation\?access_token=abc&type=signup$/);
    // The confirmation page itself decides what "abc" is worth (confirming, confirmed, expired or
    // failed); this journey is about the start-up redirect reaching it with the token.
    await expect(page.getByRole('heading', { level: 1, name: /confirm/i })).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the hamburger menu opens with Library, Sign In and Sign Up', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden();

    const menuButton = header.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();

    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    // The modal dialog hides the rest of the page from assistive technology (aria-hidden).
    await expect(
      page.getByRole('button', { name: 'Open menu', includeHidden: true }),
    ).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Library', 'Sign In', 'Sign Up']) {
      await expect(dialog.getByRole('link', { name })).toBeVisible();
    }

    await dialog.getByRole('button', { name: 'Close menu' }).click();
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
});

test.describe('theme', () => {
  test.use({ colorScheme: 'light' });

  test('the header toggle switches to the dark theme, which survives a reload', async ({
    page,
  }) => {
    await page.goto('/');
    const html = page.locator('html');
    const toggle = page.getByRole('banner').getByRole('button', { name: /^Theme:/ });

    // No stored preference: "automatic" follows the (emulated light) system scheme.
    await expect(toggle).toHaveAccessibleName('Theme: Automatic (system). Switch to light');
    await expect(html).not.toHaveClass(/\bdark\b/);

    // The toggle cycles automatic → light → dark.
    await toggle.click();
    await expect(toggle).toHaveAccessibleName('Theme: Light. Switch to dark');
    await expect(html).not.toHaveClass(/\bdark\b/);
    await toggle.click();
    await expect(toggle).toHaveAccessibleName('Theme: Dark. Switch to automatic (system)');
    await expect(html).toHaveClass(/\bdark\b/);

    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(toggle).toHaveAccessibleName('Theme: Dark. Switch to automatic (system)');
  });
});
