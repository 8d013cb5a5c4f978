import { Link } from 'react-router';
import { Clock, Headphones, ListOrdered } from 'lucide-react';
import type { Story } from '#shared/contracts/stories';
import { formatMinutes } from '#shared/format';
import { buttonClassName } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { chapterCountLabel, orderedChapters, totalDurationSeconds } from '../story-helpers';
import { LevelBadge, LoginRequiredBadge } from './story-badges';
import { StoryCover } from './story-cover';

export interface StoryCardProps {
  story: Story;
  eagerCover?: boolean;
}

/** A story in a grid: cover, level, description, length, and a way in. */
export function StoryCard({ story, eagerCover }: StoryCardProps) {
  const chapters = orderedChapters(story);
  const firstChapter = chapters[0];
  const seconds = totalDurationSeconds(chapters);
  const titleId = `story-${story.id}-title`;
  return (
    <Card className="flex w-full flex-col overflow-hidden">
      <article aria-labelledby={titleId} className="flex flex-1 flex-col">
        <StoryCover imageUrl={story.imageUrl} eager={eagerCover} />
        <div className="flex flex-1 flex-col p-5">
          <div className="flex flex-wrap gap-2">
            <LevelBadge level={story.level} />
            {story.requiresLogin ? <LoginRequiredBadge /> : null}
          </div>
          <h3 id={titleId} className="mt-3 text-xl font-semibold">
            {story.title}
          </h3>
          {story.description ? (
            <p className="mt-2 line-clamp-3 text-ink-muted">{story.description}</p>
          ) : null}
          <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
            <span className="inline-flex items-center gap-1.5">
              <ListOrdered aria-hidden="true" className="size-4" />
              {chapterCountLabel(chapters.length)}
            </span>
            {seconds !== null ? (
              <span className="inline-flex items-center gap-1.5">
                <Clock aria-hidden="true" className="size-4" />
                {formatMinutes(seconds)} min
              </span>
            ) : null}
          </p>
          <div className="mt-auto flex flex-wrap gap-2 pt-5">
            {firstChapter ? (
              <Link to={`/player/${firstChapter.id}`} className={buttonClassName({ size: 'sm' })}>
                <Headphones aria-hidden="true" className="size-4" />
                Start Listening
                <span className="sr-only">: {story.title}</span>
              </Link>
            ) : null}
            {story.slug ? (
              <Link
                to={`/story/${story.slug}`}
                className={buttonClassName({ variant: 'secondary', size: 'sm' })}
              >
                Story Details
                <span className="sr-only">: {story.title}</span>
              </Link>
            ) : null}
          </div>
        </div>
      </article>
    </Card>
  );
}
