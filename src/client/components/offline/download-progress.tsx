import { X } from 'lucide-react';
import { ProgressBar } from '#client/components/story/progress-bar';
import { Button } from '#client/components/ui/button';
import { downloadTexts } from '#client/lib/offline/download-texts';
import type { DownloadTask } from '#client/lib/offline/use-downloads';
import { cn } from '#client/lib/cn';

/** A download under way: its bar (from the bytes read), the percent, and Cancel. */
export function DownloadProgress({
  task,
  title,
  compact = false,
  className,
}: {
  task: DownloadTask;
  /** What is downloading (the chapter's or the story's title). */
  title: string;
  /** In the player's controls row: a short bar and an icon-only Cancel. */
  compact?: boolean;
  className?: string;
}) {
  const percent = Math.round(task.progress * 100);
  return (
    <div className={cn('flex min-w-0 items-center gap-3', className)}>
      <div className={cn('min-w-0', compact ? 'w-16 sm:w-24' : 'w-full max-w-56 flex-1')}>
        {compact ? null : (
          <p className="text-sm text-ink-muted" aria-hidden="true">
            {downloadTexts.downloading} {percent}%
          </p>
        )}
        <ProgressBar
          value={percent}
          label={downloadTexts.downloadingLabel(title)}
          className={compact ? undefined : 'mt-1'}
        />
      </div>
      {compact ? (
        <span className="text-sm text-ink-muted tabular-nums" aria-hidden="true">
          {percent}%
        </span>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        onClick={task.cancel}
        aria-label={downloadTexts.cancelLabel(title)}
        className={compact ? 'w-9 px-0' : undefined}
      >
        <X aria-hidden="true" className="size-4" />
        {compact ? null : downloadTexts.cancel}
      </Button>
    </div>
  );
}
