import type AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { openStoryFirstChapter } from './support/demo-library';

const THEME_STORAGE_KEY = 'relatos.theme';

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

interface Target {
  name: string;
  path: string | ((request: APIRequestContext) => Promise<string>);
  /** Waits until the page shows its real content (no loading state left to scan). */
  ready: (page: Page) => Promise<void>;
}

const h1 = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

const targets: Target[] = [
  {
    name: 'home',
    path: '/',
    ready: async (page) => {
      await h1('Master Spanish with stories you can listen to')(page);
      await expect(page.getByRole('article').first()).toBeVisible();
    },
  },
  {
    name: 'library',
    path: '/library',
    ready: async (page) => {
      await h1('Story Library')(page);
      await expect(page.getByRole('article').first()).toBeVisible();
    },
  },
  { name: 'help', path: '/help', ready: h1('Help Center') },
  { name: 'faq', path: '/faq', ready: h1('Frequently Asked Questions') },
  { name: 'contact', path: '/contact', ready: h1('Contact Us') },
  { name: 'privacy', path: '/privacy', ready: h1('Privacy Policy') },
  { name: 'auth', path: '/auth', ready: h1('Sign In') },
  {
    name: 'player',
    path: async (request) => `/player/${(await openStoryFirstChapter(request)).chapter.id}`,
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Transcript' }).getByRole('listitem').first(),
      ).toBeVisible();
    },
  },
  { name: 'not found', path: '/no/such/page', ready: h1('Page Not Found') },
];

/** One line per failing node, so a failure reads without opening the JSON. */
function describeViolations(violations: Violations): string {
  if (violations.length === 0) return 'no violations';
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map(
          (node) =>
            `    - ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      return `[${violation.impact ?? 'n/a'}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        THEME_STORAGE_KEY,
        theme,
      ] as const);
    });

    for (const target of targets) {
      test(`${target.name} has no WCAG 2.1 A/AA violations`, async ({
        page,
        request,
        makeAxeBuilder,
      }) => {
        const path = typeof target.path === 'string' ? target.path : await target.path(request);
        await page.goto(path);
        await target.ready(page);
        const html = page.locator('html');
        if (theme === 'dark') await expect(html).toHaveClass(/\bdark\b/);
        else await expect(html).not.toHaveClass(/\bdark\b/);

        const results = await makeAxeBuilder().analyze();
        expect(
          results.violations,
          `axe violations on ${path} (${theme}):\n${describeViolations(results.violations)}`,
        ).toEqual([]);
      });
    }
  });
}
