import type { FlushReport, SyncEngine } from './sync-engine';

/**
 * The app-wide flusher (decision 057): whatever page is open, the signed-in learner's waiting
 * entries are sent at start, when the browser is back online and when the page is shown, and
 * when it is hidden or left (at once, with keepalive), so what a tab closed offline left arrives
 * on the next visit to any page. Retries with back-off are the engine's own. `delivered` hears of
 * every flush started here that settled something and left nothing waiting (the app reads the
 * learner's data again then, not after a failure: offline that read would fail too).
 * Returns the stop function (sign-out, another account).
 */
export function startSyncFlusher(
  engine: SyncEngine,
  { delivered }: { delivered: () => void },
): () => void {
  const afterwards = (report: FlushReport) => {
    if (report.settled > 0 && report.waiting === 0) delivered();
  };
  const now = () => void engine.retryNow().then(afterwards);
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') engine.flushOnExit();
    else now();
  };
  const onPageHide = () => engine.flushOnExit();
  window.addEventListener('online', now);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', onPageHide);
  now();
  return () => {
    window.removeEventListener('online', now);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', onPageHide);
  };
}
