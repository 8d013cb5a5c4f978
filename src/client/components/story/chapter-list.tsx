import { Link } from 'react-router';
import { CheckCircle2, Dumbbell, Play, RotateCcw } from 'lucide-react';
import type { ChapterProgress } from '#shared/contracts/progress';
import type { Chapter } from '#shared/contracts/stories';
import { chapterButtonLabel, chapterPercent } from '#shared/discover/story-progress';
import { formatClock } from '#shared/format';
import { buttonClassName } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';
import { DownloadedMark } from '#client/components/offline/downloaded-mark';
import { ProgressBar } from './progress-bar';
import { useListenLink } from './use-listen-link';

export interface ChapterListProps {
  story: { requiresLogin: boolean };
  /** In reading order. */
  chapters: readonly Chapter[];
  /** The signed-in user's progress by chapter id; null for a visitor (or while it loads). */
  progress: ReadonlyMap<string, ChapterProgress> | null;
  /** Ids of the chapters downloaded on this device (marked "Downloaded"). */
  downloaded?: ReadonlySet<string>;
  /** A "Practise" link beside each chapter that has audio and a transcript (issue 25). */
  practice?: boolean;
  id?: string;
  className?: string;
}

/** Chapters with their durations, the user's progress and a Replay / Continue / Play link each. */
export function ChapterList({
  story,
  chapters,
  progress,
  downloaded,
  practice = false,
  id,
  className,
}: ChapterListProps) {
  const listen = useListenLink();
  return (
    <ol id={id} className={cn('divide-y divide-line rounded-xl border border-line', className)}>
      {chapters.map((chapter, index) => {
        const chapterProgress = progress?.get(chapter.id);
        const label = chapterButtonLabel(chapterProgress, 'library');
        const percent = chapterPercent(chapterProgress);
        const target = listen(story, chapter.id);
        const Icon = label === 'Replay' ? RotateCcw : Play;
        const practise =
          practice && chapter.hasAudio && chapter.hasTranscript
            ? listen(story, chapter.id, 'practice')
            : null;
        return (
          <li key={chapter.id} className="flex items-center gap-3 px-4 py-3">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-surface-muted text-sm font-semibold text-ink-muted"
            >
              {index + 1}
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{chapter.title}</p>
              <p className="flex flex-wrap items-center gap-x-3 text-sm text-ink-muted">
                <span>
                  <span className="sr-only">Duration </span>
                  {chapter.duration !== null
                    ? formatClock(chapter.duration)
                    : 'Duration not yet known'}
                </span>
                {progress !== null ? (
                  chapterProgress?.completed ? (
                    <span className="inline-flex items-center gap-1 text-level-beginner-ink">
                      <CheckCircle2 aria-hidden="true" className="size-4" />
                      Completed
                    </span>
                  ) : (
                    <span>{percent}% listened</span>
                  )
                ) : null}
                {downloaded?.has(chapter.id) ? <DownloadedMark /> : null}
              </p>
              {progress !== null && percent > 0 ? (
                <ProgressBar
                  value={percent}
                  label={`Progress of ${chapter.title}`}
                  className="mt-2 max-w-56"
                />
              ) : null}
            </div>
            <Link
              to={target.to}
              onClick={target.onClick}
              className={buttonClassName({
                variant: label === 'Play' ? 'secondary' : 'primary',
                size: 'sm',
                className: 'shrink-0',
              })}
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
              <span className="sr-only">: {chapter.title}</span>
            </Link>
            {practise ? (
              <Link
                to={practise.to}
                onClick={practise.onClick}
                className={buttonClassName({
                  variant: 'secondary',
                  size: 'sm',
                  className: 'shrink-0 max-sm:w-9 max-sm:px-0',
                })}
              >
                <Dumbbell aria-hidden="true" className="size-4" />
                <span className="max-sm:sr-only">Practise</span>
                <span className="sr-only">: {chapter.title}</span>
              </Link>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
