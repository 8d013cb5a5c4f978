import type { Page } from '@playwright/test';
import { syncStoreKey } from '#shared/offline/offline-storage';

/**
 * What waits in the browser to be sent (the learner-sync engine's stores, decision 057): the
 * data of every entry of `kind` ('progress', 'listening', 'bookmark', 'saved-item',
 * 'review-answer'), of every account on the device.
 */
export const waitingEntries = <Data>(page: Page, kind: string): Promise<Data[]> =>
  page.evaluate(
    ([prefix, wanted]) =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith(prefix))
        .flatMap(
          (key) =>
            JSON.parse(localStorage.getItem(key) ?? '[]') as Array<{ kind: string; data: Data }>,
        )
        .filter((entry) => entry.kind === wanted)
        .map((entry) => entry.data),
    [syncStoreKey(''), kind] as const,
  );
