import { Link } from 'react-router';
import { Play, RotateCcw } from 'lucide-react';
import type { RecentChapter } from '#shared/contracts/progress';
import { chapterButtonLabel, chapterPercent } from '#shared/discover/story-progress';
import { IMAGE_SIZES } from '#shared/discover/images';
import { ProgressBar } from '#client/components/story/progress-bar';
import { StoryCover } from '#client/components/story/story-cover';
import { buttonClassName } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';

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

/** The section of 'Continue Where You Left Off' with the chapters to show (1 to 3). */
export default function RecentChapters({ chapters }: { chapters: RecentChapter[] }) {
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
