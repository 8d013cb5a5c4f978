import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { PASSWORD, signedInLearner } from './support/accounts.ts';
import { withServerDatabase } from './support/database.ts';
import { openStoryFirstChapter } from './support/demo-library.ts';
import { expect, test } from './support/fixtures.ts';
import { lineItem, openPlayer, pause, playUntil, PLAYER_LAUNCH_OPTIONS } from './support/player.ts';

/** Issue 14, "Learner journey fixes": each journey as a learner meets it. */
test.use({ launchOptions: PLAYER_LAUNCH_OPTIONS });

const statistics = async (page: Page) => {
  const response = await page.request.get('/api/me/statistics');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { statistics: { listeningMinutes: number } }).statistics;
};

async function listenedSecondsInDatabase(email: string): Promise<number> {
  return withServerDatabase(async (client) => {
    const { rows } = await client.query<{ total: string }>(
      `select coalesce(sum(s.listened_seconds), 0) as total
         from listening_sessions s join users u on u.id = s.user_id where u.email = $1`,
      [email],
    );
    return Number(rows[0]!.total);
  });
}

/** The colour an element paints, as sRGB 0–255 and its relative luminance (0 black – 1 white). */
async function paintedColor(locator: Locator) {
  return locator.evaluate((element) => {
    let node: Element | null = element;
    let color = 'rgba(0, 0, 0, 0)';
    while (node && /rgba\(0, 0, 0, 0\)|transparent/.test(color)) {
      color = getComputedStyle(node).backgroundColor;
      node = node.parentElement;
    }
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d')!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    context.fillStyle = color;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    const channel = (v: number) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
  });
}

test.describe('learner journey fixes', () => {
  test('Listening Minutes grow with time actually listened, never twice for one session', async ({
    page,
  }) => {
    const { chapter } = await openStoryFirstChapter(page.request);
    const { email } = await signedInLearner(page);
    // An earlier visit of 55 s: one more minute needs only a few seconds of listening.
    const earlier = await page.request.post('/api/progress/listening', {
      data: { sessionId: randomUUID(), chapterId: chapter.id, listenedSeconds: 55 },
    });
    expect(earlier.status()).toBe(200);
    expect((await statistics(page)).listeningMinutes).toBe(0);

    const reports: Array<{ sessionId: string; chapterId: string; listenedSeconds: number }> = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/progress/listening') && request.method() === 'POST') {
        reports.push(request.postDataJSON() as (typeof reports)[number]);
      }
    });
    await openPlayer(page, chapter);
    await playUntil(page, 6);
    await pause(page);
    await expect.poll(() => reports.length).toBeGreaterThan(0);
    const last = reports.at(-1)!;
    expect(last.listenedSeconds).toBeGreaterThan(5);
    await expect.poll(async () => (await statistics(page)).listeningMinutes).toBe(1);
    await expect
      .poll(() => listenedSecondsInDatabase(email))
      .toBeCloseTo(55 + last.listenedSeconds, 0);

    // A reload (a new visit, nothing played) and a repeated report add nothing.
    await openPlayer(page, chapter);
    const again = await page.request.post('/api/progress/listening', { data: last });
    expect(((await again.json()) as { listenedSeconds: number }).listenedSeconds).toBeCloseTo(
      last.listenedSeconds,
    );
    expect(await listenedSecondsInDatabase(email)).toBeCloseTo(55 + last.listenedSeconds, 0);

    await page.goto('/profile');
    const stat = page.locator('dt', { hasText: 'Listening Minutes' }).locator('xpath=..');
    await expect(stat.locator('dd')).toHaveText('1');
  });

  test('translation languages: only English without a provider, and a stored French falls back to the story', async ({
    page,
    makeAxeBuilder,
  }) => {
    const { chapter } = await openStoryFirstChapter(page.request);
    const { email } = await signedInLearner(page);
    await page.goto('/profile');
    // Only English: said in words, not a menu of one (issue 14).
    const language = page.getByRole('group', { name: 'Translation language' });
    await expect(language).toContainText(
      'English — more languages appear when a translation service is configured',
    );
    await expect(page.getByRole('combobox', { name: 'Translation language' })).toHaveCount(0);
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);

    // A French preference stored before this rule is served as the story's English, with a note.
    await withServerDatabase((client) =>
      client.query(
        `insert into user_preferences (user_id, preferred_language)
         select id, 'fr' from users where email = $1
         on conflict (user_id) do update set preferred_language = 'fr'`,
        [email],
      ),
    );
    await openPlayer(page, chapter);
    await page.getByRole('button', { name: /^Translate line 1 of/ }).click();
    await expect(
      page.getByText('Shown in English: French translations are not available on this site.'),
    ).toBeVisible();
    await expect(page.locator('[data-translation-state="success"]').first()).toBeVisible();
  });

  test('night mode darkens the whole page, header and footer included', async ({ page }) => {
    const { chapter } = await openStoryFirstChapter(page.request);
    // The site theme dark: every page's header and footer, and the browser's own bar.
    await page.addInitScript(() => localStorage.setItem('relatos.theme', 'dark'));
    for (const path of ['/', '/library', '/help', '/demo', '/auth', `/player/${chapter.id}`]) {
      await page.goto(path);
      await expect(page.getByRole('banner')).toBeVisible();
      expect(await paintedColor(page.getByRole('banner')), `${path} header`).toBeLessThan(0.05);
      expect(await paintedColor(page.locator('footer')), `${path} footer`).toBeLessThan(0.05);
      await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute(
        'content',
        '#1b1613',
      );
    }
  });

  test("the player's Night mode switch darkens the site header too, and leaving gives it back", async ({
    page,
    makeAxeBuilder,
  }) => {
    const { chapter } = await openStoryFirstChapter(page.request);
    await page.addInitScript(() => localStorage.setItem('relatos.theme', 'light'));
    await openPlayer(page, chapter);
    expect(await paintedColor(page.getByRole('banner'))).toBeGreaterThan(0.5);
    await page.getByRole('switch', { name: 'Night mode' }).click();
    await expect.poll(() => paintedColor(page.getByRole('banner'))).toBeLessThan(0.05);
    expect(await paintedColor(page.locator('footer'))).toBeLessThan(0.05);
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
    await page.getByRole('link', { name: 'Back to Library' }).click();
    await expect(page).toHaveURL('/library');
    await expect.poll(() => paintedColor(page.getByRole('banner'))).toBeGreaterThan(0.5);
  });

  test('on a phone the reading controls fold away and open on demand', async ({
    page,
    makeAxeBuilder,
  }) => {
    const { chapter } = await openStoryFirstChapter(page.request);
    await page.setViewportSize({ width: 375, height: 812 });
    await openPlayer(page, chapter);
    const toggle = page.getByRole('button', { name: 'Reading settings' });
    const nightMode = page.getByRole('switch', { name: 'Night mode' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nightMode).toBeHidden();
    // The transcript starts within the first screen.
    const transcript = await page.getByRole('heading', { name: 'Transcript' }).boundingBox();
    expect(transcript!.y).toBeLessThan(812);
    await toggle.click();
    await expect(nightMode).toBeVisible();
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
    await toggle.click();
    await expect(nightMode).toBeHidden();

    // On a desktop the controls are simply there.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(nightMode).toBeVisible();
    await expect(toggle).toBeHidden();
  });

  test('Continue Where You Left Off is on the first screen of a desktop and compact on a phone', async ({
    page,
    makeAxeBuilder,
  }) => {
    const { chapter } = await openStoryFirstChapter(page.request);
    await signedInLearner(page);
    const now = Date.now();
    const saved = await page.request.post('/api/progress', {
      data: {
        chapterId: chapter.id,
        positionSeconds: 5,
        durationSeconds: chapter.duration,
        clientTimestamp: now,
        sentAt: now,
      },
    });
    expect(saved.status()).toBe(200);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Continue Where You Left Off' });
    await expect(section).toBeVisible();
    const desktop = (await section.boundingBox())!;
    expect(desktop.y + desktop.height).toBeLessThanOrEqual(900);
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);

    await page.setViewportSize({ width: 375, height: 812 });
    const card = (await section.getByRole('article').first().boundingBox())!;
    expect(card.height).toBeLessThanOrEqual(140);
    const phone = (await section.boundingBox())!;
    expect(phone.y + phone.height).toBeLessThanOrEqual(812);
  });

  test("on a phone a new learner's first transcript line is on the first screen, above the player", async ({
    page,
    makeAxeBuilder,
  }) => {
    const { chapter } = await openStoryFirstChapter(page.request);
    await signedInLearner(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await openPlayer(page, chapter);
    // The new words fold into one line that opens the list (measured once they are there).
    const words = page.getByRole('button', { name: /^\d+ new words in this chapter$/ });
    await expect(words).toHaveAttribute('aria-expanded', 'false');
    const bar = (await page.getByRole('region', { name: 'Audio player' }).boundingBox())!;
    const firstLineFits = async () => {
      const line = (await lineItem(page, 0).boundingBox())!;
      return line.y >= 0 && line.y + line.height <= bar.y;
    };
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await firstLineFits()).toBe(true);

    const region = page.getByRole('region', { name: 'New words in this chapter' });
    await expect(region.getByRole('listitem')).toHaveCount(0);
    // Reading settings, Bookmarks and the listening assist share one row.
    const tops = await Promise.all(
      [
        page.getByRole('button', { name: 'Reading settings' }),
        page.getByRole('button', { name: 'Bookmarks' }),
        page.getByRole('button', { name: 'Listening assist' }),
      ].map(async (button) => (await button.boundingBox())!.y),
    );
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(4);

    // The open assist panel is compact: the first line stays in view above the player.
    await page.getByRole('button', { name: 'Listening assist' }).click();
    await expect(page.getByRole('switch', { name: 'Repeat the current line' })).toBeVisible();
    expect(await firstLineFits()).toBe(true);
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);

    await words.click();
    await expect(region.getByRole('listitem').first()).toBeVisible();
  });

  test("a new learner's first chapter shows its new words, not 'You know 0%'", async ({
    page,
    makeAxeBuilder,
  }) => {
    const { chapter } = await openStoryFirstChapter(page.request);
    await signedInLearner(page);
    await openPlayer(page, chapter);
    const words = page.getByRole('region', { name: 'New words in this chapter' });
    await expect(words).toBeVisible();
    expect(await words.getByRole('listitem').count()).toBeGreaterThan(0);
    await expect(page.getByText(/You know 0%/)).toHaveCount(0);
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
  });

  test("the hero's sample card plays the sample and leads to the demo", async ({
    page,
    makeAxeBuilder,
  }) => {
    await page.goto('/');
    // The card, found by its stable link (its button's name changes with playback).
    const card = page
      .locator('figure')
      .filter({ has: page.getByRole('link', { name: 'Open the demo' }) });
    await card.getByRole('button', { name: 'Play the sample' }).click();
    const audio = card.locator('audio');
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime))
      .toBeGreaterThan(0.5);
    expect(await audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(false);
    await expect(card.getByRole('button', { name: 'Pause the sample' })).toBeVisible();
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
    await card.getByRole('button', { name: 'Pause the sample' }).click();
    await card.getByRole('link', { name: 'Open the demo' }).click();
    await expect(page).toHaveURL('/demo');
  });

  test("'Login to View' returns to the story's chapter after signing in", async ({ page }) => {
    const { email } = await signedInLearner(page);
    await page.context().clearCookies();
    await page.goto('/library');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: /^Login to View/ }) })
      .first();
    await card.getByRole('link', { name: /^Login to View/ }).click();
    await expect(page).toHaveURL(/\/auth\?next=%2Fplayer%2F/);
    const next = decodeURIComponent(new URL(page.url()).searchParams.get('next')!);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(next);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
