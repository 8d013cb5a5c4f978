import { CircleCheck, CircleX } from 'lucide-react';
import type { Job } from '#shared/contracts/jobs';
import { ProgressBar } from '#client/components/story/progress-bar';
import { Button } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';
import { isJobActive } from '#client/lib/api/admin/get-job';

export interface JobProgressProps {
  job: Job;
  /** What the job does, for the bar's name ("Import progress", "Alignment progress"). */
  label: string;
  /** Offered while the job is queued or running. */
  onCancel?: () => void;
  /** The Cancel button's name where the page has several ("Cancel alignment"). */
  cancelLabel?: string;
  cancelling?: boolean;
  className?: string;
}

/** What the job is doing, in words: its stage while it runs, then how it ended. */
export function jobStatusText(job: Job): string {
  switch (job.status) {
    case 'queued':
      return 'Waiting to start…';
    case 'running':
      return job.stage || 'Working…';
    case 'succeeded':
      return 'Finished';
    case 'cancelled':
      return 'Cancelled';
    case 'failed':
      return job.error ?? 'Failed';
  }
}

/**
 * A background job's progress bar with its stage and percent, and Cancel while it can be
 * stopped. The stage sits in a status region, so a screen reader hears each new stage once
 * (the percent, which changes every second, stays on the bar).
 */
export function JobProgress({
  job,
  label,
  onCancel,
  cancelLabel = 'Cancel',
  cancelling,
  className,
}: JobProgressProps) {
  const active = isJobActive(job);
  const percent = job.status === 'succeeded' ? 100 : Math.round(job.progress * 100);
  const failed = job.status === 'failed';
  return (
    <div className={cn('space-y-2', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p
          role={failed ? 'alert' : 'status'}
          className={cn(
            'flex items-center gap-1.5 font-medium',
            failed ? 'text-accent-ink' : 'text-ink',
          )}
        >
          {job.status === 'succeeded' ? (
            <CircleCheck aria-hidden="true" className="size-4 text-level-beginner-ink" />
          ) : null}
          {failed ? <CircleX aria-hidden="true" className="size-4" /> : null}
          {jobStatusText(job)}
        </p>
        <span className="text-ink-muted tabular-nums">{percent}%</span>
      </div>
      <ProgressBar value={percent} label={label} />
      {active && onCancel ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={onCancel}
          disabled={cancelling}
          aria-busy={cancelling}
        >
          {cancelling ? 'Cancelling…' : cancelLabel}
        </Button>
      ) : null}
    </div>
  );
}
