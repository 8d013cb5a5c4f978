import { MonitorSmartphone, X } from 'lucide-react';
import { formatClock } from '#shared/format';
import { Button } from '#client/components/ui/button';

/** Another device saved a different position: offer it, never jump by itself. */
export function LiveProgressBanner({
  position,
  onJump,
  onDismiss,
}: {
  position: number;
  onJump: () => void;
  onDismiss: () => void;
}) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface px-4 py-3 shadow-sm"
    >
      <MonitorSmartphone aria-hidden="true" className="size-5 shrink-0 text-accent-ink" />
      <p className="min-w-0 flex-1 text-ink">
        Continue from {formatClock(position)} (from another device)
      </p>
      <div className="flex items-center gap-1">
        <Button size="sm" onClick={onJump}>
          Jump to {formatClock(position)}
        </Button>
        <Button variant="ghost" size="icon" onClick={onDismiss} aria-label="Dismiss">
          <X aria-hidden="true" className="size-5" />
        </Button>
      </div>
    </div>
  );
}
