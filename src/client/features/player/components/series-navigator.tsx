import { Link } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Chapter } from '#shared/contracts/stories';
import { cn } from '#client/lib/cn';
import { withPreview } from '#client/lib/preview';

const linkClass =
  'inline-flex h-9 items-center gap-1 rounded-full px-3 text-sm font-medium text-ink hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus';

/** Where a chapter sits in its story, with its neighbours. */
export function chapterNeighbours(chapters: readonly Chapter[], chapterId: string) {
  const index = chapters.findIndex((chapter) => chapter.id === chapterId);
  return {
    position: index + 1,
    total: chapters.length,
    previous: index > 0 ? chapters[index - 1]! : null,
    next: index >= 0 && index < chapters.length - 1 ? chapters[index + 1]! : null,
  };
}

/**
 * Previous and next chapter of the story and 'n of total'; only for stories of several chapters.
 * A preview's neighbours open as previews.
 */
export function SeriesNavigator({
  chapters,
  chapterId,
  preview = false,
  className,
}: {
  chapters: readonly Chapter[];
  chapterId: string;
  preview?: boolean;
  className?: string;
}) {
  const { position, total, previous, next } = chapterNeighbours(chapters, chapterId);
  if (total <= 1 || position === 0) return null;
  return (
    <nav aria-label="Chapters of this story" className={cn('flex items-center gap-1', className)}>
      {previous ? (
        <Link
          to={withPreview(`/player/${previous.id}`, preview)}
          className={linkClass}
          title={previous.title}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          <span className="sr-only sm:not-sr-only">Previous</span>
          <span className="sr-only">chapter: {previous.title}</span>
        </Link>
      ) : (
        <span className={cn(linkClass, 'invisible')} aria-hidden="true">
          <ChevronLeft className="size-4" />
          <span className="hidden sm:inline">Previous</span>
        </span>
      )}
      <span className="px-1 text-sm whitespace-nowrap text-ink-muted tabular-nums">
        {position} of {total}
      </span>
      {next ? (
        <Link
          to={withPreview(`/player/${next.id}`, preview)}
          className={linkClass}
          title={next.title}
        >
          <span className="sr-only sm:not-sr-only">Next</span>
          <span className="sr-only">chapter: {next.title}</span>
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span className={cn(linkClass, 'invisible')} aria-hidden="true">
          <span className="hidden sm:inline">Next</span>
          <ChevronRight className="size-4" />
        </span>
      )}
    </nav>
  );
}
