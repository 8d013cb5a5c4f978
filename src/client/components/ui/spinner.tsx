import { cn } from '#client/lib/cn';

export interface SpinnerProps {
  /** Visible text next to the spinner; also what assistive technology announces. */
  label?: string;
  className?: string;
}

export function Spinner({ label = 'Loading...', className }: SpinnerProps) {
  return (
    <div
      role="status"
      className={cn('flex items-center justify-center gap-3 text-ink-muted', className)}
    >
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-[3px] border-line border-t-accent"
      />
      <span>{label}</span>
    </div>
  );
}
