import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Waits until every toast has gone (they are app-wide, not the screen's own, and sonner's
 * rich-colour success toast has a 4.25:1 description contrast). The pointer leaves first: sonner
 * holds its toasts while the pointer rests over them, so after a click on a button under the
 * stack they would never go.
 */
export async function waitForToastsToClear(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}
