import type AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { signedInLearner } from './support/accounts.ts';
import { listStories, openStoryFirstChapter } from './support/demo-library.ts';
import {
  asAdmin,
  DEMO,
  durationOf,
  feedbackCount,
  saveProgress,
  storyBySlug,
} from './support/discover.ts';

/** `m:ss` as the chapter lists show durations under an hour. */
const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * The name of a control whose visible label is followed by a visually hidden ": <title>". The
 * hidden span is absolutely positioned (a block), so browsers compute "Play : Title".
 */
const named = (label: string, title: string) =>
  new RegExp(`^${escapeRegExp(label)}\\s*:\\s*${escapeRegExp(title)}$`);

/** The library's list of story cards (the section labelled "Stories"). */
const storiesRegion = (page: Page) => page.getByRole('region', { name: 'Stories' });
const storyCard = (page: Page, title: string) =>
  storiesRegion(page).getByRole('article', { name: title });
/** The Show/Hide Chapters toggle of a story card (its label changes with the state). */
const chaptersToggle = (card: Locator) =>
  card.getByRole('button', { name: /^(Show|Hide) Chapters\s*:/ });

async function openLibrary(page: Page) {
  await page.goto('/library');
  await expect(page.getByRole('heading', { level: 1, name: 'Story Library' })).toBeVisible();
  await expect(storiesRegion(page).getByRole('article').first()).toBeVisible();
}

test.describe('library, as a visitor', () => {
  test('searches, filters by level, expands the open story and meets the locked ones', async ({
    page,
  }) => {
    // However many stories ship (the built ones and the bundled packages), as the API lists them.
    const listed = await listStories(page.request);
    const all = listed.length;
    const ofLevel = (level: string) => listed.filter((story) => story.level === level).length;
    await openLibrary(page);
    const cards = storiesRegion(page).getByRole('article');
    await expect(cards).toHaveCount(all);
    await expect(storiesRegion(page).getByText(`${all} stories`, { exact: true })).toBeVisible();

    // Search: case-insensitive over title, language, level and description.
    const search = page.getByRole('searchbox', { name: 'Search stories' });
    await search.fill('FARO');
    await expect(cards).toHaveCount(1);
    await expect(storyCard(page, DEMO.faro.title)).toBeVisible();
    await expect(
      storiesRegion(page).getByText(`1 of ${all} stories`, { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/library\?q=FARO$/);

    await search.fill('xyzzy-no-such-story');
    await expect(cards).toHaveCount(0);
    await expect(
      storiesRegion(page).getByRole('heading', { name: 'No Stories Found' }),
    ).toBeVisible();
    await expect(storiesRegion(page).getByText('Try adjusting your search terms')).toBeVisible();

    await search.fill('');
    await expect(cards).toHaveCount(all);

    // Level filter.
    const level = page.getByLabel('Level', { exact: true });
    await level.selectOption('advanced');
    await expect(cards).toHaveCount(ofLevel('Advanced'));
    await expect(storyCard(page, DEMO.olivos.title)).toBeVisible();
    await expect(
      storyCard(page, DEMO.olivos.title).getByText('Advanced', { exact: true }),
    ).toBeVisible();
    await level.selectOption('beginner');
    await expect(cards).toHaveCount(ofLevel('Beginner'));
    await expect(storyCard(page, DEMO.open.title)).toBeVisible();
    await expect(storyCard(page, DEMO.paraguas.title)).toBeVisible();
    // Search and level combine.
    await search.fill('umbrella');
    await expect(cards).toHaveCount(1);
    await expect(storyCard(page, DEMO.paraguas.title)).toBeVisible();
    // Each change is awaited on screen before the next: the filters live in the address, which
    // React Router updates in a transition (see the known-bug tests below).
    await search.fill('');
    await expect(cards).toHaveCount(ofLevel('Beginner'));
    await level.selectOption('all');
    await expect(cards).toHaveCount(all);
    await expect(page).toHaveURL(/\/library$/);

    // The open story expands its chapters; toggling it again collapses them.
    const { chapters } = await storyBySlug(page.request, DEMO.open.slug);
    const open = storyCard(page, DEMO.open.title);
    const toggle = chaptersToggle(open);
    await expect(toggle).toHaveAccessibleName(named('Show Chapters', DEMO.open.title));
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(open.getByRole('list')).toHaveCount(0);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveAccessibleName(named('Hide Chapters', DEMO.open.title));
    const items = open.getByRole('list').getByRole('listitem');
    await expect(items).toHaveCount(chapters.length);
    for (const [index, chapter] of chapters.entries()) {
      const item = items.nth(index);
      await expect(item).toContainText(chapter.title);
      await expect(item).toContainText(clock(durationOf(chapter)));
      // A visitor has no progress: every chapter offers Play, straight to the player.
      await expect(item.getByRole('link', { name: named('Play', chapter.title) })).toHaveAttribute(
        'href',
        `/player/${chapter.id}`,
      );
    }
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(open.getByRole('list')).toHaveCount(0);

    // Locked stories: a lock, 'Login Required', and 'Login to View' instead of the chapters.
    for (const { title } of [DEMO.paraguas, DEMO.faro, DEMO.olivos]) {
      const card = storyCard(page, title);
      await expect(card.getByText('Login Required', { exact: true })).toBeVisible();
      await expect(chaptersToggle(card)).toHaveCount(0);
      // Signing in returns to the story's first chapter (issue 14).
      await expect(card.getByRole('link', { name: named('Login to View', title) })).toHaveAttribute(
        'href',
        /^\/auth\?next=%2Fplayer%2F[0-9a-f-]{36}$/,
      );
    }
    await expect(open.getByText('Login Required', { exact: true })).toHaveCount(0);

    await storyCard(page, DEMO.faro.title)
      .getByRole('link', { name: named('Login to View', DEMO.faro.title) })
      .click();
    await expect(page).toHaveURL(/\/auth\?next=%2Fplayer%2F/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  });
});

/**
 * Regression: the search box and level filter were bound straight to the address, which React
 * Router updates in a transition, so quick keystrokes and quick successive changes were lost. The
 * filters now live in component state and the address mirrors them.
 */
test.describe('library filters under quick input', () => {
  test('every character typed in quick succession is kept', async ({ page }) => {
    await openLibrary(page);
    const search = page.getByRole('searchbox', { name: 'Search stories' });
    // Four keystrokes in one task: each one inserts its letter into the value the input shows.
    await search.evaluate((input: HTMLInputElement) => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      for (const letter of 'faro') {
        setValue.call(input, input.value + letter);
        input.dispatchEvent(new InputEvent('input', { bubbles: true, data: letter }));
      }
    });
    await expect(search).toHaveValue('faro', { timeout: 3000 });
    await expect(page).toHaveURL(/\/library\?q=faro$/, { timeout: 3000 });
    await expect(storiesRegion(page).getByRole('article')).toHaveCount(1, { timeout: 3000 });
  });

  test('clearing the search and changing the level at once keeps both changes', async ({
    page,
  }) => {
    const all = (await listStories(page.request)).length;
    await page.goto('/library?q=umbrella&level=beginner');
    const cards = storiesRegion(page).getByRole('article');
    await expect(cards).toHaveCount(1);
    const search = page.getByRole('searchbox', { name: 'Search stories' });
    const level = page.getByLabel('Level', { exact: true });
    await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('form[role="search"] input')!;
      const select = document.querySelector<HTMLSelectElement>('form[role="search"] select')!;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '');
      input.dispatchEvent(new Event('input', { bubbles: true }));
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(
        select,
        'all',
      );
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await expect(level).toHaveValue('all', { timeout: 3000 });
    await expect(search).toHaveValue('', { timeout: 3000 });
    await expect(cards).toHaveCount(all, { timeout: 3000 });
    await expect(page).toHaveURL(/\/library$/, { timeout: 3000 });
  });
});

test.describe('story page', () => {
  test.beforeEach(async ({ page, context }) => {
    // No native share dialog: Share falls back to copying the link.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', {
        value: undefined,
        configurable: true,
      });
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  test('a visitor opens the open story from the library and copies its link', async ({ page }) => {
    const { story, chapters } = await storyBySlug(page.request, DEMO.open.slug);
    await openLibrary(page);
    await storyCard(page, story.title)
      .getByRole('link', { name: named('Story Details', story.title) })
      .click();
    await expect(page).toHaveURL(`/story/${story.slug}`);

    const article = page.getByRole('article', { name: story.title });
    await expect(article.getByRole('heading', { level: 1, name: story.title })).toBeVisible();
    await expect(article.getByText(story.level, { exact: true })).toBeVisible();
    await expect(article.getByText(story.language, { exact: true })).toBeVisible();
    await expect(article.getByText(`${story.newWordsCount} new words`)).toBeVisible();
    const totalSeconds = chapters.reduce((sum, chapter) => sum + durationOf(chapter), 0);
    await expect(
      article.getByText(`${Math.round(totalSeconds / 60)} min`, { exact: true }),
    ).toBeVisible();
    await expect(article.getByText(`${chapters.length} chapters`, { exact: true })).toBeVisible();
    await expect(article.getByText(story.description!)).toBeVisible();
    // Open to everyone: no lock, and Start Listening goes to the first chapter.
    await expect(article.getByText('Login Required', { exact: true })).toHaveCount(0);
    await expect(article.getByRole('link', { name: 'Start Listening' })).toHaveAttribute(
      'href',
      `/player/${chapters[0]!.id}`,
    );

    const chapterList = page.getByRole('region', { name: 'Chapters' }).getByRole('listitem');
    await expect(chapterList).toHaveCount(chapters.length);
    for (const [index, chapter] of chapters.entries()) {
      await expect(chapterList.nth(index)).toContainText(chapter.title);
      await expect(chapterList.nth(index)).toContainText(clock(durationOf(chapter)));
    }

    await article.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link copied!', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  test('Start Listening on a locked story sends a visitor to /auth with a toast', async ({
    page,
  }) => {
    const { story, chapters } = await storyBySlug(page.request, DEMO.faro.slug);
    await page.goto(`/story/${story.slug}`);
    const article = page.getByRole('article', { name: story.title });
    await expect(article.getByRole('heading', { level: 1, name: story.title })).toBeVisible();
    await expect(article.getByText('Login Required', { exact: true })).toBeVisible();
    await expect(article.getByText(story.level, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Chapters' }).getByRole('listitem')).toHaveCount(
      chapters.length,
    );

    // Sharing works on a locked story too: the link is what gets copied.
    await article.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link copied!', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    await article.getByRole('link', { name: 'Start Listening' }).click();
    await expect(page.getByText('Login required', { exact: true })).toBeVisible();
    await expect(page.getByText('Please sign in to access this story')).toBeVisible();
    // Signing in brings the visitor back to the story's first chapter (issue 23).
    await expect(page).toHaveURL(`/auth?next=${encodeURIComponent(`/player/${chapters[0]!.id}`)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  });

  test('an unknown slug toasts "Story not found" and returns to the library', async ({ page }) => {
    await page.goto('/story/no-such-story-here');
    await expect(page.getByText('Story not found', { exact: true })).toBeVisible();
    await expect(page.getByText('The story you are looking for does not exist.')).toBeVisible();
    await expect(page).toHaveURL(/\/library$/);
  });
});

test.describe('story page meta tags', () => {
  test('the server sends the title, canonical link and social tags in the HTML', async ({
    browser,
    request,
    baseURL,
  }) => {
    const { story } = await storyBySlug(request, DEMO.faro.slug);
    const response = await request.get(`/story/${story.slug}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/html/);
    const html = await response.text();

    // Read the HTML as a browser would without JavaScript (what a link-preview bot sees).
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const doc = await context.newPage();
      await doc.setContent(html);
      const title = `${story.title} — Relatos`;
      const canonical = `${baseURL}/story/${story.slug}`;
      await expect(doc).toHaveTitle(title);
      const head = doc.locator('head');
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
      await expect(head.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        story.description!,
      );
      await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
      await expect(head.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical);
      await expect(head.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
      await expect(head.locator('meta[property="og:description"]')).toHaveAttribute(
        'content',
        story.description!,
      );
      await expect(head.locator('meta[name="twitter:title"]')).toHaveAttribute('content', title);
      if (story.imageUrl) {
        await expect(head.locator('meta[property="og:image"]')).toHaveAttribute(
          'content',
          new URL(story.imageUrl, `${baseURL}/`).href,
        );
        await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute(
          'content',
          'summary_large_image',
        );
      }
      for (const selector of [
        'title',
        'link[rel="canonical"]',
        'meta[name="description"]',
        'meta[property="og:title"]',
      ]) {
        await expect(doc.locator(selector), selector).toHaveCount(1);
      }
    } finally {
      await context.close();
    }
  });

  test('after client-side navigation the title and canonical link follow the story', async ({
    page,
    baseURL,
  }) => {
    const stories = await listStories(page.request);
    const first = stories.find((story) => story.slug === DEMO.faro.slug)!;
    const second = stories.find((story) => story.slug === DEMO.open.slug)!;
    const canonical = page.locator('head link[rel="canonical"]');
    const ogTitle = page.locator('head meta[property="og:title"]');

    // First load of a story page: the server's tags.
    await page.goto(`/story/${first.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
    await expect(page).toHaveTitle(`${first.title} — Relatos`);
    await expect(canonical).toHaveAttribute('href', `${baseURL}/story/${first.slug}`);
    // Marks this document: it must survive the navigations below (no full page load).
    await page.evaluate(() => {
      (window as unknown as { spaMarker: boolean }).spaMarker = true;
    });

    // Back to the library: the story's tags are gone.
    await page.getByRole('link', { name: 'Back to Library' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Story Library' })).toBeVisible();
    await expect(page).toHaveTitle('Relatos — Library');
    await expect(canonical).toHaveCount(0);
    await expect(ogTitle).toHaveCount(0);

    // On to another story: its own tags, once each.
    await storyCard(page, second.title)
      .getByRole('link', { name: named('Story Details', second.title) })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: second.title })).toBeVisible();
    await expect(page).toHaveTitle(`${second.title} — Relatos`);
    expect(await page.evaluate(() => document.title)).toBe(`${second.title} — Relatos`);
    await expect(canonical).toHaveCount(1);
    await expect(canonical).toHaveAttribute('href', `${baseURL}/story/${second.slug}`);
    await expect(ogTitle).toHaveCount(1);
    await expect(ogTitle).toHaveAttribute('content', `${second.title} — Relatos`);
    await expect(page.locator('head meta[name="description"]')).toHaveAttribute(
      'content',
      second.description!,
    );
    expect(
      await page.evaluate(() => (window as unknown as { spaMarker?: boolean }).spaMarker),
    ).toBe(true);
  });
});

test.describe('a signed-in learner with progress', () => {
  test('sees In Progress, Replay / Continue / Play in the library and the recent chapters at home', async ({
    page,
  }) => {
    await signedInLearner(page);
    const { story, chapters } = await storyBySlug(page.request, DEMO.open.slug);
    const [first, second, ...rest] = chapters;
    expect(rest.length).toBeGreaterThan(0);
    // Chapter 1 listened to the end, then chapter 2 up to 30 s.
    const completed = await saveProgress(page.request, first!, durationOf(first!));
    expect(completed.completed).toBe(true);
    const partial = await saveProgress(page.request, second!, 30);
    expect(partial.completed).toBe(false);
    const secondPercent = Math.round(partial.progressPercentage);
    expect(secondPercent).toBeGreaterThan(0);
    const overall = Math.round((100 + partial.progressPercentage) / chapters.length);

    await openLibrary(page);
    await expect(page.getByRole('heading', { name: 'Your Vocabulary' })).toBeVisible();
    const card = storyCard(page, story.title);
    await expect(card.getByText('In Progress', { exact: true })).toBeVisible();
    await expect(card.getByText(`${overall}%`, { exact: true })).toBeVisible();
    await expect(card.getByText(`1/${chapters.length} chapters completed`)).toBeVisible();
    await expect(
      card.getByRole('progressbar', { name: `Progress of ${story.title}` }),
    ).toHaveAttribute('aria-valuenow', String(overall));
    // Signed in, nothing is locked and the other stories are not started.
    for (const { title } of [DEMO.paraguas, DEMO.faro, DEMO.olivos]) {
      const other = storyCard(page, title);
      await expect(other.getByText('Not Started', { exact: true })).toBeVisible();
      await expect(other.getByText('Login Required', { exact: true })).toHaveCount(0);
      await expect(other.getByRole('link', { name: /Login to View/ })).toHaveCount(0);
    }

    const toggle = chaptersToggle(card);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = card.getByRole('list');
    await expect(list.getByRole('listitem')).toHaveCount(chapters.length);
    await expect(list.getByRole('link', { name: named('Replay', first!.title) })).toHaveAttribute(
      'href',
      `/player/${first!.id}`,
    );
    await expect(
      list.getByRole('link', { name: named('Continue', second!.title) }),
    ).toHaveAttribute('href', `/player/${second!.id}`);
    for (const chapter of rest) {
      await expect(list.getByRole('link', { name: named('Play', chapter.title) })).toHaveAttribute(
        'href',
        `/player/${chapter.id}`,
      );
    }
    await expect(list.getByRole('listitem').nth(0)).toContainText('Completed');
    await expect(list.getByRole('listitem').nth(1)).toContainText(`${secondPercent}% listened`);

    // One story open at a time: opening another closes the first; toggling it again closes it.
    const other = storyCard(page, DEMO.paraguas.title);
    const otherToggle = chaptersToggle(other);
    await otherToggle.click();
    await expect(otherToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(other.getByRole('list').getByRole('listitem').first()).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(card.getByRole('list')).toHaveCount(0);
    await otherToggle.click();
    await expect(otherToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(other.getByRole('list')).toHaveCount(0);
    await expect(storiesRegion(page).getByRole('button', { expanded: true })).toHaveCount(0);

    // The story page shows the same progress.
    await page.goto(`/story/${story.slug}`);
    const storyArticle = page.getByRole('article', { name: story.title });
    await expect(storyArticle.getByText('In Progress', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Chapters' }).getByRole('link', {
        name: named('Continue', second!.title),
      }),
    ).toBeVisible();

    // Home: 'Continue Where You Left Off', newest first.
    await page.goto('/');
    const recent = page.getByRole('region', { name: 'Continue Where You Left Off' });
    await expect(recent).toBeVisible();
    const recentCards = recent.getByRole('article');
    await expect(recentCards).toHaveCount(2);
    await expect(recentCards.nth(0)).toHaveAccessibleName(second!.title);
    await expect(recentCards.nth(0)).toContainText(story.title);
    await expect(recentCards.nth(0)).toContainText(`${secondPercent}%`);
    await expect(
      recentCards.nth(0).getByRole('link', { name: named('Continue', second!.title) }),
    ).toHaveAttribute('href', `/player/${second!.id}`);
    await expect(recentCards.nth(1)).toHaveAccessibleName(first!.title);
    await expect(recentCards.nth(1)).toContainText('100%');
    await expect(
      recentCards.nth(1).getByRole('link', { name: named('Replay', first!.title) }),
    ).toHaveAttribute('href', `/player/${first!.id}`);
  });
});

test.describe('home page', () => {
  test('a visitor sees no Continue Where You Left Off section', async ({ page }) => {
    await page.goto('/');
    // The session check is over: the header offers Sign In.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Featured Story' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'How It Works' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Continue Where You Left Off' })).toHaveCount(0);
  });

  test("a returning learner's Continue card fits a phone and, alone, uses a desktop's width", async ({
    page,
    makeAxeBuilder,
  }) => {
    const { chapter } = await openStoryFirstChapter(page.request);
    await signedInLearner(page);
    await saveProgress(page.request, chapter, 5);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Continue Where You Left Off' });
    const card = section.getByRole('article');
    await expect(card).toHaveCount(1);
    // The page is no wider than the phone, and the card's button shows its whole label.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    const button = card.getByRole('link', { name: named('Continue', chapter.title) });
    const buttonBox = (await button.boundingBox())!;
    expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(375);
    expect(await button.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    );

    // A lone card takes the width, not a narrow third, and shows its titles whole.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    await expect(card).toBeVisible();
    const sectionBox = (await section.boundingBox())!;
    expect((await card.boundingBox())!.width).toBeGreaterThan(sectionBox.width / 2);
    expect(sectionBox.y + sectionBox.height).toBeLessThanOrEqual(900);
    const clipped = await card.evaluate((element) =>
      [...element.querySelectorAll('p, h3')].some(
        (title) => title.scrollWidth > title.clientWidth || title.scrollHeight > title.clientHeight,
      ),
    );
    expect(clipped).toBe(false);
    // It sits on the hero's background: no band between it and the hero.
    await expect(
      page.getByRole('region', { name: /Master Spanish/ }).getByRole('region', {
        name: 'Continue Where You Left Off',
      }),
    ).toBeVisible();
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
  });

  const steps = [
    'Browse Story Library',
    'Start Listening',
    'Follow Along',
    'Interactive Translation',
  ];

  async function expectStep(carousel: Locator, step: number) {
    const slide = carousel.getByRole('group', { name: `${step} of ${steps.length}` });
    await expect(slide).toBeVisible();
    await expect(slide.getByRole('heading', { level: 3, name: steps[step - 1] })).toBeVisible();
    // Only the current slide is shown.
    await expect(carousel.getByRole('group')).toHaveCount(1);
    await expect(
      carousel.getByRole('button', { name: `Step ${step}: ${steps[step - 1]}` }),
    ).toHaveAttribute('aria-current', 'step');
  }

  test('the tutorial carousel wraps around both ends with the arrows, the dots and the keyboard', async ({
    page,
  }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'How It Works' });
    await carousel.scrollIntoViewIfNeeded();
    await expectStep(carousel, 1);

    const previous = carousel.getByRole('button', { name: 'Previous step' });
    const next = carousel.getByRole('button', { name: 'Next step' });
    await previous.click();
    await expectStep(carousel, 4);
    await next.click();
    await expectStep(carousel, 1);
    await next.click();
    await expectStep(carousel, 2);

    await carousel.getByRole('button', { name: 'Step 3: Follow Along' }).click();
    await expectStep(carousel, 3);

    // Keyboard: arrows move and wrap, Home and End jump, while focus is inside.
    await next.focus();
    await page.keyboard.press('ArrowRight');
    await expectStep(carousel, 4);
    await page.keyboard.press('ArrowRight');
    await expectStep(carousel, 1);
    await page.keyboard.press('ArrowLeft');
    await expectStep(carousel, 4);
    await page.keyboard.press('Home');
    await expectStep(carousel, 1);
    await page.keyboard.press('End');
    await expectStep(carousel, 4);
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');
    await expectStep(carousel, 1);
  });
});

test.describe('static pages', () => {
  test('the FAQ opens one answer at a time', async ({ page }) => {
    await page.goto('/faq');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
    ).toBeVisible();
    const main = page.getByRole('main');
    const questions = main.getByRole('button');
    await expect(questions).toHaveCount(14);
    await expect(main.getByRole('button', { expanded: true })).toHaveCount(0);

    const what = main.getByRole('button', { name: 'What is Relatos?' });
    const account = main.getByRole('button', { name: 'Do I need an account?' });
    const whatAnswer = main.getByText(/^Relatos helps English speakers learn Spanish/);
    const accountAnswer = main.getByText(/^No account is needed to browse the library/);
    await expect(whatAnswer).toBeHidden();

    await what.click();
    await expect(what).toHaveAttribute('aria-expanded', 'true');
    await expect(whatAnswer).toBeVisible();

    await account.click();
    await expect(account).toHaveAttribute('aria-expanded', 'true');
    await expect(accountAnswer).toBeVisible();
    await expect(what).toHaveAttribute('aria-expanded', 'false');
    await expect(whatAnswer).toBeHidden();
    await expect(main.getByRole('button', { expanded: true })).toHaveCount(1);

    // The open one closes when toggled again.
    await account.click();
    await expect(account).toHaveAttribute('aria-expanded', 'false');
    await expect(accountAnswer).toBeHidden();
    await expect(main.getByRole('button', { expanded: true })).toHaveCount(0);

    await expect(main.getByRole('link', { name: 'Visit the Help Center' })).toHaveAttribute(
      'href',
      '/help',
    );
    await expect(main.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  test('the contact form stores its message and clears', async ({ page, browser, baseURL }) => {
    const before = await asAdmin(browser, baseURL!, feedbackCount);

    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    const form = page.getByRole('main').locator('form');
    const fields = {
      name: form.getByLabel('Name', { exact: true }),
      email: form.getByLabel('Email', { exact: true }),
      category: form.getByLabel('Category', { exact: true }),
      subject: form.getByLabel('Subject', { exact: true }),
      message: form.getByLabel('Message', { exact: true }),
    };
    await fields.name.fill('Carmen Ortega');
    await fields.email.fill('carmen.ortega@example.com');
    await fields.category.selectOption({ label: 'Feature Request' });
    await fields.subject.fill('Slower narration for beginners');
    await fields.message.fill('Could the beginner stories offer a 0.75x narration by default?');
    await form.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByText('Message sent!', { exact: true })).toBeVisible();
    await expect(page.getByText("We'll get back to you within 24 hours.")).toBeVisible();
    for (const field of [fields.name, fields.email, fields.subject, fields.message]) {
      await expect(field).toHaveValue('');
    }
    await expect(fields.category).toHaveValue('');

    const after = await asAdmin(browser, baseURL!, feedbackCount);
    expect(after).toBe(before + 1);
  });
});

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

const describeViolations = (violations: Violations): string[] =>
  violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} [${violation.impact ?? 'n/a'}] ${violation.help} — ${node.target.join(' ')}`,
    ),
  );

const scans: Array<{ name: string; path: string; ready: (page: Page) => Promise<void> }> = [
  {
    name: 'home',
    path: '/',
    ready: async (page) => {
      await expect(
        page.getByRole('region', { name: 'Featured Story' }).getByRole('article'),
      ).toBeVisible();
    },
  },
  {
    name: 'library with a story expanded',
    path: '/library',
    ready: async (page) => {
      const all = (await listStories(page.request)).length;
      await expect(storiesRegion(page).getByRole('article')).toHaveCount(all);
      const card = storyCard(page, DEMO.open.title);
      await chaptersToggle(card).click();
      await expect(card.getByRole('list').getByRole('listitem').first()).toBeVisible();
    },
  },
  {
    name: 'open story page',
    path: `/story/${DEMO.open.slug}`,
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: DEMO.open.title })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Chapters' }).getByRole('listitem').first(),
      ).toBeVisible();
    },
  },
  {
    name: 'locked story page',
    path: `/story/${DEMO.faro.slug}`,
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: DEMO.faro.title })).toBeVisible();
      await expect(page.getByText('Login Required', { exact: true })).toBeVisible();
    },
  },
  {
    name: 'help',
    path: '/help',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
    },
  },
  {
    name: 'faq with one answer open',
    path: '/faq',
    ready: async (page) => {
      const question = page.getByRole('main').getByRole('button', { name: 'What is Relatos?' });
      await question.click();
      await expect(question).toHaveAttribute('aria-expanded', 'true');
    },
  },
  {
    name: 'contact',
    path: '/contact',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    },
  },
  {
    name: 'privacy',
    path: '/privacy',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    },
  },
];

test.describe('accessibility of the discover pages', () => {
  for (const scan of scans) {
    test(`${scan.name} has no axe violations`, async ({ page, makeAxeBuilder }, testInfo) => {
      await page.goto(scan.path);
      await scan.ready(page);
      const { violations } = await makeAxeBuilder().analyze();
      if (violations.length > 0) {
        await testInfo.attach('axe-violations.json', {
          body: JSON.stringify(violations, null, 2),
          contentType: 'application/json',
        });
      }
      expect(describeViolations(violations), `axe violations on ${scan.path}`).toEqual([]);
    });
  }
});
