import type AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { PSEUDO_WORDS } from '#server/modules/placement/pseudo-words';
import { expect, test } from './support/fixtures';
import { signUpAndConfirmThroughForm, uniqueEmail } from './support/accounts';
import { PLAYER_LAUNCH_OPTIONS } from './support/player';

/*
 * Placement (issue 25, decision 071): a new learner signs up, is offered placement, takes it and
 * gets recommendations, then sees what they know of each story in the library. Every screen is
 * scanned by axe in the light and dark themes at 375 px.
 */

// Each sentence plays from its chapter's audio as the press that moves on is made.
test.use({ launchOptions: PLAYER_LAUNCH_OPTIONS });

async function expectNoViolations(page: Page, makeAxeBuilder: () => AxeBuilder, where: string) {
  const { violations } = await makeAxeBuilder().analyze();
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(' ')}`,
    ),
    where,
  ).toEqual([]);
}

for (const theme of ['light', 'dark'] as const) {
  test(`a new learner takes placement, gets recommendations and sees shares in the library (${theme}, 375 px)`, async ({
    page,
    makeAxeBuilder,
  }) => {
    // Sign-up, nine sentences, the word check, the library: a whole journey.
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 375, height: 812 });
    // A new account's theme is "auto": the system's, which the browser says here.
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('/onboarding');
    await signUpAndConfirmThroughForm(page, uniqueEmail('placed'), 'Paula Placed');

    // Offered right after confirming.
    await expect(page).toHaveURL('/placement', { timeout: 5000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Find Your Level' })).toBeVisible();
    if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await expectNoViolations(page, makeAxeBuilder, 'placement introduction');
    await page.getByRole('button', { name: 'Start' }).click();

    // Part 1: a sentence of each level's stories at a time; the first choice of every gap.
    await expect(
      page.getByRole('heading', { name: 'Part 1 of 2: Listen and Choose the Missing Word' }),
    ).toBeFocused();
    await expect(page.getByText(/^Sentence 1 of \d+$/)).toBeVisible();
    await expectNoViolations(page, makeAxeBuilder, 'placement sentences');
    const total = Number(
      /of (\d+)$/.exec((await page.getByText(/^Sentence 1 of/).textContent())!)![1],
    );
    expect(total).toBe(9);
    for (let sentence = 1; sentence <= total; sentence++) {
      await expect(page.getByText(`Sentence ${sentence} of ${total}`)).toBeVisible();
      for (const gap of await page.getByRole('group', { name: /^Missing word/ }).all()) {
        await gap.getByRole('radio').first().check();
      }
      await page
        .getByRole('button', { name: sentence === total ? 'On to the Words' : 'Next' })
        .click();
    }

    // Part 2: every real word known, one made-up word claimed too (a false alarm).
    await expect(
      page.getByRole('heading', { name: 'Part 2 of 2: Which of These Words Do You Know?' }),
    ).toBeFocused();
    await expectNoViolations(page, makeAxeBuilder, 'placement words');
    const boxes = await page.getByRole('checkbox').all();
    expect(boxes).toHaveLength(32);
    let falseAlarms = 0;
    for (const box of boxes) {
      const word = (await box.locator('xpath=..').textContent())!.trim();
      if (!PSEUDO_WORDS.includes(word)) await box.check();
      else if (falseAlarms++ === 0) await box.check();
    }
    await page.getByRole('button', { name: 'See My Results' }).click();

    // The result: a level, the words counted as known, and the first recommendations.
    await expect(page.getByRole('heading', { name: /^Your Level: / })).toBeFocused();
    await expect(page.getByText(/^We now count \d+ of the \d+ common words/)).toBeVisible();
    const recommended = page.getByRole('region', { name: 'Recommended for You' });
    await expect(recommended.getByRole('link')).toHaveCount(3);
    await expectNoViolations(page, makeAxeBuilder, 'placement result');

    // The library: each card says what the learner knows of it; the stories that fit say so.
    await page.getByRole('link', { name: 'Go to the Library' }).click();
    await expect(page).toHaveURL('/library?sort=fit');
    const cards = page.getByRole('region', { name: 'Stories' }).getByRole('article');
    await expect(cards.first().getByText(/^You know \d+% · /)).toBeVisible();
    await expect(cards.first().getByText('Fits You')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recommended for You' })).toBeVisible();
    await expectNoViolations(page, makeAxeBuilder, 'library with shares');

    // The profile offers a retake.
    await page.goto('/profile');
    await expect(page.getByRole('link', { name: 'Retake Placement' })).toHaveAttribute(
      'href',
      '/placement?next=%2Fprofile',
    );
  });
}
