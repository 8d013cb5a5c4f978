import { Link } from 'react-router';
import { Play, RotateCcw } from 'lucide-react';
import type { RecentChapter } from '#shared/contracts/progress';
import { chapterButtonLabel, chapterPercent } from '#shared/discover/story-progress';
import { IMAGE_SIZES } from '#shared/discover/images';
import { ProgressBar } from '#client/components/story/progress-bar';
import { StoryCover } from '#client/components/story/story-cover';
import { buttonClassName } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { useAuth } from '#client/lib/auth/auth-context';
import { useFailureToast } from '#client/lib/use-failure-toast';
import { useRecentChapters } from '../api/get-recent-chapters';

/** Spec: up to 3 recent chapters. */
const RECENT_LIMIT = 3;

/**
 * Columns by count: one or two chapters share the width instead of sitting in a narrow third.
 * Every rule is a minmax(0, 1fr) track (grid-cols-N), so a long title never widens the page.
 */
const COLUMNS: Record<number, string> = {
  1: 'grid-cols-1',
  2: 'grid-cols-1 md:grid-cols-2',
  3: 'grid-cols-1 md:grid-cols-2 lg:grid-cols-3',
};

/**
 * One compact row (issue 14): a small cover, the story and chapter, progress and the button, so
 * the section fits above the hero on a desktop screen and takes little room on a phone. Titles
 * take up to two lines; the button keeps its whole label.
 */
function RecentChapterCard({ chapter }: { chapter: RecentChapter }) {
  const label = chapterButtonLabel(chapter, 'home');
  const percent = chapterPercent(chapter);
  const titleId = `recent-${chapter.id}`;
  const Icon = label === 'Replay' ? RotateCcw : Play;
  return (
    <Card className="h-full overflow-hidden">
      <article aria-labelledby={titleId} className="flex h-full items-center gap-3 p-3">
        <StoryCover
          imageUrl={chapter.story.imageUrl}
          width={IMAGE_SIZES.recentCover.w}
          height={IMAGE_SIZES.recentCover.h}
          className="w-16 shrink-0 rounded-lg sm:w-20"
        />
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 text-xs font-medium break-words text-ink-muted">
            {chapter.story.title}
          </p>
          <h3
            id={titleId}
            className="line-clamp-2 text-base leading-snug font-semibold break-words"
          >
            {chapter.title}
          </h3>
          <div className="mt-2 flex items-center gap-2">
            <ProgressBar
              value={percent}
              label={`Progress of ${chapter.title}`}
              className="max-w-xs"
            />
            <span className="shrink-0 text-xs text-ink-muted tabular-nums">{percent}%</span>
          </div>
        </div>
        <Link
          to={`/player/${chapter.id}`}
          className={buttonClassName({ size: 'sm', className: 'shrink-0' })}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
          <span className="sr-only">: {chapter.title}</span>
        </Link>
      </article>
    </Card>
  );
}

/**
 * 'Continue Where You Left Off': a signed-in learner's last chapters, newest first. Hidden for
 * visitors and when there is nothing to continue; a failed load toasts and shows nothing (spec).
 * It opens the home page, above the hero (issue 14: visible without scrolling for a returning
 * learner), so nothing stands in its place while the session is checked.
 */
export function ContinueListening() {
  const { status, user } = useAuth();
  const recent = useRecentChapters(user !== null);
  useFailureToast(user !== null && recent.isError, 'Failed to load recent progress');

  if (status === 'loading' || user === null) return null;
  const chapters = (recent.data ?? []).slice(0, RECENT_LIMIT);
  if (chapters.length === 0) return null;
  return (
    <section aria-labelledby="continue-title" className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
      <h2 id="continue-title" className="text-xl font-semibold tracking-tight sm:text-2xl">
        Continue Where You Left Off
      </h2>
      <ul className={`mt-3 grid gap-3 ${COLUMNS[chapters.length]}`}>
        {chapters.map((chapter) => (
          <li key={chapter.id} className="min-w-0">
            <RecentChapterCard chapter={chapter} />
          </li>
        ))}
      </ul>
    </section>
  );
}
