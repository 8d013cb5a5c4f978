import { Clock, ListOrdered } from 'lucide-react';
import { formatMinutes } from '#shared/format';
import { cn } from '#client/lib/cn';
import { chapterCountLabel } from './story-helpers';

/** 'N chapters · M min' under a story's title (home, library and story page); size and spacing come from `className`. */
export function StoryFacts({
  chapterCount,
  seconds,
  className,
}: {
  chapterCount: number;
  /** Total duration in seconds, or null when unknown (then no minutes are shown). */
  seconds: number | null;
  className?: string;
}) {
  return (
    <p className={cn('flex flex-wrap gap-y-1 text-ink-muted', className)}>
      <span className="inline-flex items-center gap-1.5">
        <ListOrdered aria-hidden="true" className="size-4" />
        {chapterCountLabel(chapterCount)}
      </span>
      {seconds !== null ? (
        <span className="inline-flex items-center gap-1.5">
          <Clock aria-hidden="true" className="size-4" />
          {formatMinutes(seconds)} min
        </span>
      ) : null}
    </p>
  );
}
