import { Link } from 'react-router';
import { Clock, Play } from 'lucide-react';
import type { Story } from '#shared/contracts/stories';
import { formatClock, formatMinutes } from '#shared/format';
import { buttonClassName } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { chapterCountLabel, orderedChapters, totalDurationSeconds } from '../story-helpers';
import { LevelBadge, LoginRequiredBadge } from './story-badges';
import { StoryCover } from './story-cover';

export interface LibraryStoryProps {
  story: Story;
  eagerCover?: boolean;
}

/** A story in the library: cover, details and its full chapter list with a Listen link each. */
export function LibraryStory({ story, eagerCover }: LibraryStoryProps) {
  const chapters = orderedChapters(story);
  const seconds = totalDurationSeconds(chapters);
  const titleId = `library-story-${story.id}`;
  return (
    <Card className="overflow-hidden">
      <article
        aria-labelledby={titleId}
        className="grid grid-cols-1 md:grid-cols-[minmax(0,18rem)_1fr]"
      >
        <StoryCover
          imageUrl={story.imageUrl}
          eager={eagerCover}
          className="md:h-full md:aspect-auto md:min-h-56"
        />
        <div className="p-5 sm:p-6">
          <div className="flex flex-wrap gap-2">
            <LevelBadge level={story.level} />
            {story.requiresLogin ? <LoginRequiredBadge /> : null}
          </div>
          <h2 id={titleId} className="mt-3 text-2xl font-semibold">
            {story.title}
          </h2>
          {story.description ? <p className="mt-2 text-ink-muted">{story.description}</p> : null}
          <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
            <span>{chapterCountLabel(chapters.length)}</span>
            {seconds !== null ? (
              <span className="inline-flex items-center gap-1.5">
                <Clock aria-hidden="true" className="size-4" />
                {formatMinutes(seconds)} min in total
              </span>
            ) : null}
          </p>

          {chapters.length > 0 ? (
            <>
              <h3 className="sr-only">Chapters of {story.title}</h3>
              <ol className="mt-5 divide-y divide-line rounded-xl border border-line">
                {chapters.map((chapter, index) => (
                  <li key={chapter.id} className="flex items-center gap-3 px-4 py-3">
                    <span
                      aria-hidden="true"
                      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-surface-muted text-sm font-semibold text-ink-muted"
                    >
                      {index + 1}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{chapter.title}</span>
                      <span className="text-sm text-ink-muted">
                        {chapter.duration !== null ? (
                          <>
                            <span className="sr-only">Duration </span>
                            {formatClock(chapter.duration)}
                          </>
                        ) : (
                          'Duration not yet known'
                        )}
                      </span>
                    </span>
                    <Link
                      to={`/player/${chapter.id}`}
                      className={buttonClassName({
                        variant: 'secondary',
                        size: 'sm',
                        className: 'shrink-0',
                      })}
                    >
                      <Play aria-hidden="true" className="size-4" />
                      Listen
                      <span className="sr-only">: {chapter.title}</span>
                    </Link>
                  </li>
                ))}
              </ol>
            </>
          ) : (
            <p className="mt-5 text-ink-muted">No chapters yet.</p>
          )}
        </div>
      </article>
    </Card>
  );
}
