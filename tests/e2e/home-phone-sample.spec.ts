import { expect, test } from './support/fixtures.ts';
import { PLAYER_LAUNCH_OPTIONS } from './support/player.ts';

/** Issue 14: the hero's sample on a phone, where its card does not fit. */
test.use({ launchOptions: PLAYER_LAUNCH_OPTIONS });

test('a visitor hears the sample from a compact button under the hero', async ({
  page,
  makeAxeBuilder,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  // The sample card does not fit a phone; the button under the calls to action stands in.
  await expect(page.getByRole('link', { name: 'Open the demo' })).toBeHidden();
  const hear = page.getByRole('button', { name: /Hear a sample/ });
  await expect(hear).toBeInViewport();
  await hear.click();
  const audio = page.locator('audio[src="/demo/sample.m4a"]');
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime))
    .toBeGreaterThan(0.5);
  expect(await audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(false);
  await expect(page.locator('p', { hasText: /Lucía tiene veinticinco años/ })).toBeVisible();
  expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
  await page.getByRole('button', { name: /Pause sample/ }).click();
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(true);
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
});
