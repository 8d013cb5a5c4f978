import { Link } from 'react-router';
import { Play, RotateCcw } from 'lucide-react';
import type { RecentChapter } from '#shared/contracts/progress';
import { chapterButtonLabel, chapterPercent } from '#shared/discover/story-progress';
import { IMAGE_SIZES } from '#shared/discover/images';
import { ProgressBar } from '#client/components/story/progress-bar';
import { StoryCover } from '#client/components/story/story-cover';
import { buttonClassName } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Spinner } from '#client/components/ui/spinner';
import { useAuth } from '#client/lib/auth/auth-context';
import { useFailureToast } from '#client/lib/use-failure-toast';
import { useRecentChapters } from '../api/get-recent-chapters';

/** Spec: up to 3 recent chapters. */
const RECENT_LIMIT = 3;

function RecentChapterCard({ chapter }: { chapter: RecentChapter }) {
  const label = chapterButtonLabel(chapter, 'home');
  const percent = chapterPercent(chapter);
  const titleId = `recent-${chapter.id}`;
  const Icon = label === 'Replay' ? RotateCcw : Play;
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <article aria-labelledby={titleId} className="flex flex-1 flex-col">
        <StoryCover
          imageUrl={chapter.story.imageUrl}
          width={IMAGE_SIZES.recentCover.w}
          height={IMAGE_SIZES.recentCover.h}
        />
        <div className="flex flex-1 flex-col p-5">
          <p className="text-sm font-medium text-ink-muted">{chapter.story.title}</p>
          <h3 id={titleId} className="mt-1 text-xl font-semibold">
            {chapter.title}
          </h3>
          <div className="mt-4 flex items-center gap-3">
            <ProgressBar value={percent} label={`Progress of ${chapter.title}`} />
            <span className="shrink-0 text-sm text-ink-muted tabular-nums">{percent}%</span>
          </div>
          <div className="mt-auto pt-5">
            <Link to={`/player/${chapter.id}`} className={buttonClassName({ size: 'sm' })}>
              <Icon aria-hidden="true" className="size-4" />
              {label}
              <span className="sr-only">: {chapter.title}</span>
            </Link>
          </div>
        </div>
      </article>
    </Card>
  );
}

/**
 * 'Continue Where You Left Off': a signed-in learner's last chapters, newest first. Hidden for
 * visitors and when there is nothing to continue; a failed load toasts and shows nothing (spec).
 */
export function ContinueListening() {
  const { status, user } = useAuth();
  const recent = useRecentChapters(user !== null);
  useFailureToast(user !== null && recent.isError, 'Failed to load recent progress');

  if (status === 'loading') return <Spinner className="py-8" />;
  if (user === null) return null;
  const chapters = (recent.data ?? []).slice(0, RECENT_LIMIT);
  if (chapters.length === 0) return null;
  return (
    <section aria-labelledby="continue-title" className="mx-auto max-w-6xl px-4 pt-16 sm:px-6">
      <h2 id="continue-title" className="text-3xl font-semibold tracking-tight">
        Continue Where You Left Off
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {chapters.map((chapter) => (
          <li key={chapter.id}>
            <RecentChapterCard chapter={chapter} />
          </li>
        ))}
      </ul>
    </section>
  );
}
