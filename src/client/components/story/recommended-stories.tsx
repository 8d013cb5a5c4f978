import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { StoryKnowledge } from '#shared/contracts/progress';
import type { Story } from '#shared/contracts/stories';
import { IMAGE_SIZES } from '#shared/discover/images';
import { FIT_BAND, recommendedStories } from '#shared/discover/story-fit';
import { Card } from '#client/components/ui/card';
import { LevelBadge } from './story-badges';
import { StoryCover } from './story-cover';
import { StoryKnowledgeSummary } from './story-knowledge';

export const recommendedLead = `Stories of which you know ${FIT_BAND.min}–${FIT_BAND.max}% of what you will hear: enough to follow, enough to learn.`;

/**
 * "Recommended for You" (decision 071): up to three stories that fit the learner, best fit first;
 * `whenNoneFits` (or nothing) when none does.
 */
export function RecommendedStories({
  stories,
  knowledge,
  headingLevel = 2,
  whenNoneFits = null,
  className,
}: {
  stories: readonly Story[];
  knowledge: ReadonlyMap<string, StoryKnowledge>;
  headingLevel?: 2 | 3;
  whenNoneFits?: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  const picks = recommendedStories(stories, (story) => knowledge.get(story.id));
  if (picks.length === 0) return whenNoneFits;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const ItemHeading = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <section aria-labelledby={headingId} className={className}>
      <Heading id={headingId} className="text-2xl font-semibold">
        Recommended for You
      </Heading>
      <p className="mt-1 text-ink-muted">{recommendedLead}</p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {picks.map((story) => (
          <li key={story.id}>
            <Card className="h-full overflow-hidden">
              <StoryCover
                imageUrl={story.imageUrl}
                width={IMAGE_SIZES.recentCover.w}
                height={IMAGE_SIZES.recentCover.h}
              />
              <div className="space-y-2 p-4">
                <LevelBadge level={story.level} />
                <ItemHeading className="text-lg font-semibold">
                  <Link
                    to={`/story/${story.slug}`}
                    className="rounded underline-offset-4 hover:underline"
                  >
                    {story.title}
                  </Link>
                </ItemHeading>
                <StoryKnowledgeSummary knowledge={knowledge.get(story.id)!} />
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
