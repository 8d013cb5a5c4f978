import { SESSION_ANSWER_PATH } from '#shared/offline/account-stamp';
import { offlineTexts } from '#client/lib/offline/offline-texts';
import { SKIP_WAITING } from '#shared/offline/service-worker-messages';
import { toast } from '#client/lib/toast';

/**
 * Registers the service worker (decision 039) and offers each new version. Loaded by a dynamic
 * import once the page is interactive (start-service-worker.ts), so it costs the first load
 * nothing but that import.
 *
 * Updates: the browser fetches /sw.js (never cached) on navigations, and this checks every hour
 * and whenever the tab comes back into view. A new worker installs beside the running one and
 * waits: the learner gets a lasting "New version available — Reload"; Reload tells the waiting
 * worker to take over (SKIP_WAITING), and the page reloads once when it has (controllerchange).
 * Every open tab reloads then too: the old version's files leave the precache when the new worker
 * activates. Until then an old tab keeps working from the old worker's precache.
 */

export const SERVICE_WORKER_URL = '/sw.js';
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** The update toast's id: shown once however often the update is noticed. */
const UPDATE_TOAST_ID = 'service-worker-update';

export interface ServiceWorkerEnvironment {
  container: Pick<
    ServiceWorkerContainer,
    'controller' | 'register' | 'addEventListener' | 'removeEventListener'
  >;
  /** Reloads the page (location.reload). */
  reload: () => void;
  /** Offers the update; `accept` makes the waiting worker take over. */
  offerUpdate: (accept: () => void) => void;
  /** Calls `check` when the page becomes visible again; returns the unsubscribe. */
  onVisible: (check: () => void) => () => void;
  setInterval: (callback: () => void, ms: number) => unknown;
  /**
   * Runs when the first worker takes the page over: the session answer the app read before is
   * asked for again, so the worker keeps it (it names the device's account, issue 23).
   */
  onFirstControl: () => void;
}

/** The update offer: a toast that stays until the learner chooses. */
export function offerUpdateByToast(accept: () => void): void {
  toast.info(offlineTexts.updateAvailable, {
    id: UPDATE_TOAST_ID,
    duration: Number.POSITIVE_INFINITY,
    action: { label: offlineTexts.updateReload, onClick: accept },
  });
}

const browserEnvironment = (): ServiceWorkerEnvironment => ({
  container: navigator.serviceWorker,
  reload: () => window.location.reload(),
  offerUpdate: offerUpdateByToast,
  onVisible: (check) => {
    const listener = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
  setInterval: (callback, ms) => window.setInterval(callback, ms),
  onFirstControl: () =>
    void fetch(SESSION_ANSWER_PATH, { cache: 'no-store', credentials: 'same-origin' }).catch(
      () => undefined,
    ),
});

export async function registerServiceWorker(
  env: ServiceWorkerEnvironment = browserEnvironment(),
): Promise<ServiceWorkerRegistration | undefined> {
  const { container } = env;
  // The first worker takes the page over too (clients.claim): no reload for that one.
  let controlled = container.controller !== null;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      env.onFirstControl();
      return;
    }
    if (reloading) return;
    reloading = true;
    env.reload();
  });

  // Typed as always a registration, but a browser whose workers are blocked (a privacy setting,
  // Playwright's `serviceWorkers: 'block'`) answers none: the app then simply runs online.
  const registration = (await container.register(SERVICE_WORKER_URL, {
    scope: '/',
    updateViaCache: 'none',
  })) as ServiceWorkerRegistration | undefined;
  if (!registration) return undefined;

  const offer = (worker: ServiceWorker) => {
    // Nothing to replace on a first install: the new worker is the only one.
    if (!controlled) return;
    env.offerUpdate(() => worker.postMessage(SKIP_WAITING));
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });

  const check = () => {
    void registration.update().catch(() => {
      // Offline or the server briefly away: the next check tries again.
    });
  };
  env.setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  env.onVisible(check);
  return registration;
}
