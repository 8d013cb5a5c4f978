import { Link } from 'react-router';
import { ChevronDown, CircleCheck, LogIn } from 'lucide-react';
import type { ChapterProgress, StoryKnowledge } from '#shared/contracts/progress';
import type { Story } from '#shared/contracts/stories';
import { IMAGE_SIZES } from '#shared/discover/images';
import { orderedChapters, type StoryProgress } from '#shared/discover/story-progress';
import { withReturnPath } from '#shared/return-path';
import { ChapterList } from '#client/components/story/chapter-list';
import { LevelBadge } from '#client/components/story/story-badges';
import { StoryCover } from '#client/components/story/story-cover';
import { StoryFacts } from '#client/components/story/story-facts';
import { StoryKnowledgeSummary } from '#client/components/story/story-knowledge';
import { totalDurationSeconds } from '#client/components/story/story-helpers';
import { StoryProgressSummary } from '#client/components/story/story-progress-summary';
import { Button, buttonClassName } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { cn } from '#client/lib/cn';
import { downloadTexts } from '#client/lib/offline/download-texts';

export interface LibraryStoryCardProps {
  story: Story;
  signedIn: boolean;
  expanded: boolean;
  onToggle: () => void;
  /** The signed-in user's progress (null for a visitor or while it loads). */
  progress: ReadonlyMap<string, ChapterProgress> | null;
  storyProgress: StoryProgress | null;
  /** How much of the story the signed-in learner knows (null for a visitor or while it loads). */
  knowledge?: StoryKnowledge | null;
  /** Ids of the chapters downloaded on this device. */
  downloaded?: ReadonlySet<string>;
  /** The first card's cover is the page's largest image. */
  priority?: boolean;
}

/**
 * Where a visitor's "Login to View" returns after signing in (issue 14): the story's first
 * chapter, else its page, else the library.
 */
export function loginToViewPath(story: Story): string {
  const first = orderedChapters(story)[0];
  const target = first ? `/player/${first.id}` : story.slug ? `/story/${story.slug}` : '/library';
  return withReturnPath('/auth', target);
}

/** A story in the library: cover, level, length, progress, and its chapters on demand. */
export function LibraryStoryCard({
  story,
  signedIn,
  expanded,
  onToggle,
  progress,
  storyProgress,
  knowledge,
  downloaded,
  priority,
}: LibraryStoryCardProps) {
  const chapters = orderedChapters(story);
  const downloadedCount = downloaded
    ? chapters.filter((chapter) => downloaded.has(chapter.id)).length
    : 0;
  const seconds = totalDurationSeconds(chapters);
  const locked = story.requiresLogin && !signedIn;
  const titleId = `library-story-${story.id}`;
  const chaptersId = `library-story-${story.id}-chapters`;
  return (
    <Card className="overflow-hidden">
      <article aria-labelledby={titleId}>
        <div className="grid grid-cols-1 sm:grid-cols-[minmax(0,15rem)_1fr]">
          <StoryCover
            imageUrl={story.imageUrl}
            width={IMAGE_SIZES.libraryCover.w}
            height={IMAGE_SIZES.libraryCover.h}
            priority={priority}
            locked={locked}
            // 4:3 on every screen, as the wizard previews it: stretched to the card's height it
            // showed a 4:3 cover cut to about 0.9:1 (issue 23).
            className="sm:m-5 sm:mr-0 sm:self-start sm:rounded-xl"
          />
          <div className="flex flex-col p-5">
            <div className="flex flex-wrap gap-2">
              <LevelBadge level={story.level} />
            </div>
            <h2 id={titleId} className="mt-3 text-2xl font-semibold">
              {story.title}
            </h2>
            {story.description ? (
              <p className="mt-2 line-clamp-3 text-ink-muted">{story.description}</p>
            ) : null}
            <StoryFacts
              className="mt-3 gap-x-4 text-sm"
              chapterCount={chapters.length}
              seconds={seconds}
            />
            {knowledge ? <StoryKnowledgeSummary knowledge={knowledge} className="mt-2" /> : null}
            {downloadedCount > 0 ? (
              <p className="mt-2 inline-flex items-center gap-1.5 text-sm text-level-beginner-ink">
                <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
                {downloadTexts.storyCount(downloadedCount, chapters.length)}
              </p>
            ) : null}
            {storyProgress ? (
              <div className="mt-4">
                <StoryProgressSummary progress={storyProgress} storyTitle={story.title} />
              </div>
            ) : null}
            <div className="mt-auto flex flex-wrap items-center gap-2 pt-5">
              {locked ? (
                <Link to={loginToViewPath(story)} className={buttonClassName({ size: 'sm' })}>
                  <LogIn aria-hidden="true" className="size-4" />
                  Login to View
                  <span className="sr-only">: {story.title}</span>
                </Link>
              ) : chapters.length > 0 ? (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-expanded={expanded}
                  aria-controls={expanded ? chaptersId : undefined}
                  onClick={onToggle}
                >
                  <ChevronDown
                    aria-hidden="true"
                    className={cn('size-4 transition-transform', expanded && 'rotate-180')}
                  />
                  {expanded ? 'Hide Chapters' : 'Show Chapters'}
                  <span className="sr-only">: {story.title}</span>
                </Button>
              ) : (
                <p className="text-sm text-ink-muted">No chapters yet.</p>
              )}
              {story.slug ? (
                <Link
                  to={`/story/${story.slug}`}
                  className={buttonClassName({ variant: 'ghost', size: 'sm' })}
                >
                  Story Details
                  <span className="sr-only">: {story.title}</span>
                </Link>
              ) : null}
            </div>
          </div>
        </div>
        {!locked && expanded ? (
          <div className="border-t border-line p-4 sm:p-5">
            <h3 className="sr-only">Chapters of {story.title}</h3>
            <ChapterList
              id={chaptersId}
              story={story}
              chapters={chapters}
              progress={progress}
              downloaded={downloaded}
            />
          </div>
        ) : null}
      </article>
    </Card>
  );
}
