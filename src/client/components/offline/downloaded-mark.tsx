import { CircleCheck } from 'lucide-react';
import { downloadTexts } from '#client/lib/offline/download-texts';
import { cn } from '#client/lib/cn';

/** "Downloaded": this chapter plays without a connection. */
export function DownloadedMark({ className }: { className?: string }) {
  return (
    <span
      data-testid="downloaded-mark"
      className={cn('inline-flex items-center gap-1 text-sm text-level-beginner-ink', className)}
    >
      <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
      {downloadTexts.downloaded}
    </span>
  );
}
