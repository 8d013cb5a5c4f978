/**
 * The browser's Back and Forward, heard before the router (decision 023). `popstate` listeners run
 * in the order they were added, capturing or not, and react-router adds its own when the app's
 * router mounts: this one is added first (`installHistoryGuard`, from the app's entry), so a guard
 * can stop a history move before any page changes. Kept tiny: it is in every page's first load.
 */

/** Each guard holds a history move (and keeps it from the router) by answering true. */
export const historyGuards = new Set<(event: PopStateEvent) => boolean>();

export function installHistoryGuard() {
  addEventListener('popstate', (event) => {
    for (const guard of historyGuards) if (guard(event)) return event.stopImmediatePropagation();
  });
}
