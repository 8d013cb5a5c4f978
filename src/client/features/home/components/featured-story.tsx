import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Headphones, Info } from 'lucide-react';
import type { Story } from '#shared/contracts/stories';
import { IMAGE_SIZES } from '#shared/discover/images';
import { orderedChapters } from '#shared/discover/story-progress';
import { SiteImage } from '#client/components/site/site-image';
import { StoriesEmpty, StoriesError } from '#client/components/story/stories-status';
import { LevelBadge, LoginRequiredBadge } from '#client/components/story/story-badges';
import { StoryFacts } from '#client/components/story/story-facts';
import { totalDurationSeconds } from '#client/components/story/story-helpers';
import { useListenLink } from '#client/components/story/use-listen-link';
import { Button, buttonClassName } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { useStories } from '#client/lib/api/stories/get-stories';
import { useAuth } from '#client/lib/auth/auth-context';

// The dialog (Radix Dialog, focus trap, scroll lock) is fetched when the visitor reaches for it.
const loadDialog = () => import('./story-details-dialog');
const StoryDetailsDialog = lazy(loadDialog);

function FeaturedStoryCard({ story }: { story: Story }) {
  const { user } = useAuth();
  const listen = useListenLink();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const detailsButton = useRef<HTMLButtonElement>(null);
  const chapters = orderedChapters(story);
  const seconds = totalDurationSeconds(chapters);
  const first = chapters[0];
  const start = first ? listen(story, first.id) : null;
  return (
    <Card className="overflow-hidden">
      <article aria-labelledby="featured-story-title" className="grid md:grid-cols-2">
        <SiteImage
          imageKey="featured_story_image"
          fallbackUrl={story.imageUrl}
          width={IMAGE_SIZES.featuredStory.w}
          height={IMAGE_SIZES.featuredStory.h}
          className="md:h-full"
        />
        <div className="flex flex-col p-6 sm:p-8">
          <div className="flex flex-wrap gap-2">
            <LevelBadge level={story.level} />
            {story.requiresLogin && user === null ? <LoginRequiredBadge /> : null}
          </div>
          <h3 id="featured-story-title" className="mt-3 text-3xl font-semibold">
            {story.title}
          </h3>
          {story.description ? (
            <p className="mt-3 line-clamp-4 text-lg text-ink-muted">{story.description}</p>
          ) : null}
          <StoryFacts
            className="mt-4 gap-x-4 text-sm"
            chapterCount={chapters.length}
            seconds={seconds}
          />
          <div className="mt-auto flex flex-wrap gap-3 pt-6">
            {start ? (
              <Link to={start.to} onClick={start.onClick} className={buttonClassName()}>
                <Headphones aria-hidden="true" className="size-5" />
                Start Listening
              </Link>
            ) : null}
            <Button
              ref={detailsButton}
              variant="secondary"
              aria-haspopup="dialog"
              aria-expanded={open}
              onPointerEnter={() => void loadDialog()}
              onFocus={() => void loadDialog()}
              onClick={() => {
                setMounted(true);
                setOpen(true);
              }}
            >
              <Info aria-hidden="true" className="size-5" />
              Story Details
            </Button>
            {story.slug ? (
              <Link
                to={`/story/${story.slug}`}
                className={buttonClassName({ variant: 'secondary' })}
              >
                View Story Page
              </Link>
            ) : null}
          </div>
        </div>
      </article>
      {mounted ? (
        <Suspense fallback={null}>
          <StoryDetailsDialog
            story={story}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={detailsButton}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}

/** 'Featured Story': the first story of the list (the library's first by position). */
export function FeaturedStory() {
  const { data: stories, isPending, isError, refetch } = useStories();
  return (
    <section aria-labelledby="featured-title" className="mx-auto max-w-6xl px-4 pt-16 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="featured-title" className="text-3xl font-semibold tracking-tight">
          Featured Story
        </h2>
        <Link
          to="/library"
          className="inline-flex items-center gap-1 rounded font-medium text-accent-ink underline-offset-4 hover:underline"
        >
          View All Stories
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <div className="mt-8">
        {isPending ? (
          // Holds the card's place, so nothing below moves when it arrives.
          <div
            aria-hidden="true"
            className="h-[36rem] animate-pulse rounded-2xl bg-surface-muted md:h-[26rem]"
          />
        ) : isError ? (
          <StoriesError headingLevel={3} onRetry={() => void refetch()} />
        ) : stories[0] ? (
          <FeaturedStoryCard story={stories[0]} />
        ) : (
          <StoriesEmpty headingLevel={3} />
        )}
      </div>
    </section>
  );
}
