import { cn } from '#client/lib/cn';

export interface ProgressBarProps {
  /** Whole percent, 0 to 100. */
  value: number;
  /** What the bar measures, for assistive technology ("Progress of La llegada"). */
  label: string;
  className?: string;
}

// Static widths in steps of 5 %: Tailwind sees every class, and no inline style is needed.
const widths = [
  'w-0',
  'w-[5%]',
  'w-[10%]',
  'w-[15%]',
  'w-[20%]',
  'w-[25%]',
  'w-[30%]',
  'w-[35%]',
  'w-[40%]',
  'w-[45%]',
  'w-[50%]',
  'w-[55%]',
  'w-[60%]',
  'w-[65%]',
  'w-[70%]',
  'w-[75%]',
  'w-[80%]',
  'w-[85%]',
  'w-[90%]',
  'w-[95%]',
  'w-full',
];

export function ProgressBar({ value, label, className }: ProgressBarProps) {
  const percent = Math.min(100, Math.max(0, Math.round(value)));
  // Any progress shows at least a sliver; only 100 % fills the bar.
  const step =
    percent === 0 ? 0 : percent === 100 ? 20 : Math.min(19, Math.max(1, Math.round(percent / 5)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn(
        'h-2 w-full overflow-hidden rounded-full bg-surface-muted ring-1 ring-line',
        className,
      )}
    >
      <div className={cn('h-full rounded-full bg-accent', widths[step])} />
    </div>
  );
}
