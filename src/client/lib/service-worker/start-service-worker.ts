/**
 * Starts the service worker once the page is interactive: after the load event and the next idle
 * moment, the registration code is fetched (its own small chunk) and run. Nothing in development
 * (`npm run dev` runs without a worker) or where browsers have none.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    void import('./register-service-worker').then(({ registerServiceWorker }) =>
      registerServiceWorker(),
    );
  // Safari has no requestIdleCallback: a second after load stands in for it.
  const whenIdle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(register, { timeout: 5000 })
      : setTimeout(register, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
