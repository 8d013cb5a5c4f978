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

/** One line per violated rule: what is wrong and where (axe selectors of the failing nodes). */
const summarize = (violations: Violations): string[] =>
  violations.map(
    (violation) =>
      `${violation.id} [${violation.impact ?? 'n/a'}] ${violation.help} — ` +
      violation.nodes.map((node) => node.target.join(' ')).join(', '),
  );

/** Each failing node with axe's explanation, printed above the assertion's diff. */
const explain = (violations: Violations): string =>
  violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const summary = (node.failureSummary ?? '').replace(/\n/g, '\n      ');
        return `    - ${node.target.join(' ')}\n      ${node.html}\n      ${summary}`;
      });
      return `  ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}`;
    })
    .join('\n');

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
      }, testInfo) => {
        const path = typeof target.path === 'string' ? target.path : await target.path(request);
        await page.goto(path);
        await target.ready(page);
        const html = page.locator('html');
        if (theme === 'dark') await expect(html).toHaveClass(/\bdark\b/);
        else await expect(html).not.toHaveClass(/\bdark\b/);

        const { violations } = await makeAxeBuilder().analyze();
        if (violations.length > 0) {
          await testInfo.attach('axe-violations.json', {
            body: JSON.stringify(violations, null, 2),
            contentType: 'application/json',
          });
        }
        expect(
          summarize(violations),
          `axe violations on ${path} (${theme} theme):\n${explain(violations)}\n`,
        ).toEqual([]);
      });
    }
  });
}
