import AxeBuilder from '@axe-core/playwright';
import { test as base, expect } from '@playwright/test';

/** The WCAG 2.1 A and AA rules every page must pass. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Fixtures {
  /** A fresh axe-core scan builder for the current page, limited to WCAG 2.1 A/AA. */
  makeAxeBuilder: () => AxeBuilder;
}

export const test = base.extend<Fixtures>({
  makeAxeBuilder: async ({ page }, use) => {
    await use(() => new AxeBuilder({ page }).withTags(AXE_TAGS));
  },
});

export { expect };
