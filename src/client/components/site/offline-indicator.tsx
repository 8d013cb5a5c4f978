import { offlineTexts } from '#client/lib/offline/offline-texts';
import { useOnline } from '#client/lib/use-online';

/**
 * A slim band under the header while the browser is offline (issue 15): pages then show what this
 * device saved. The live region is always there, so screen readers announce the change politely.
 */
export function OfflineIndicator() {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite" data-testid="offline-indicator">
      {online ? null : (
        <p className="border-b border-line bg-surface-muted px-4 py-2 text-center text-sm font-medium text-ink sm:px-6">
          {offlineTexts.indicator}
        </p>
      )}
    </div>
  );
}
