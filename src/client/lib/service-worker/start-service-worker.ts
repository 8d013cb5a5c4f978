/** The page has loaded (the load event has fired). */
const loaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

/**
 * The first page is live: rendered or hydrated (<html data-app-ready>, set by the root layout).
 * On a server-rendered page the load event comes before the app's code has even run.
 */
const appReady = () =>
  new Promise<void>((resolve) => {
    const root = document.documentElement;
    if (root.dataset.appReady) return resolve();
    const observer = new MutationObserver(() => {
      if (!root.dataset.appReady) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { attributeFilter: ['data-app-ready'] });
  });

/**
 * Starts the service worker once the page is interactive: after the load event, the first page
 * live and the next idle moment, the registration code is fetched (its own small chunk) and run.
 * The worker's install then downloads the precache, which must not compete with the page's own
 * start. Nothing in development (`npm run dev` runs without a worker) or where browsers have none.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    void import('./register-service-worker')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      .catch(() => {
        // Refused (private browsing, a blocked script) or offline before the chunk was kept: the
        // app runs without offline support, and the next page load tries again.
      });
  // Safari has no requestIdleCallback: a second stands in for it.
  const whenIdle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(register, { timeout: 5000 })
      : setTimeout(register, 1000);
  void Promise.all([loaded(), appReady()]).then(whenIdle);
}
