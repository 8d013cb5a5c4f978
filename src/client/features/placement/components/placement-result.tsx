import { Link } from 'react-router';
import type { Placement } from '#shared/contracts/placement';
import { RecommendedStories } from '#client/components/story/recommended-stories';
import { buttonClassName } from '#client/components/ui/button';
import { useStoryKnowledge } from '#client/lib/api/progress/get-story-knowledge';
import { useStories } from '#client/lib/api/stories/get-stories';
import { placementTexts } from '../placement-texts';

/** The placement's result: the level, the words now counted as known, the first recommendations. */
export function PlacementResult({
  placement,
  nextPath,
}: {
  placement: Placement;
  nextPath: string;
}) {
  const stories = useStories();
  const knowledge = useStoryKnowledge(true);
  return (
    <div className="space-y-6">
      <div className="space-y-2 text-ink">
        <p className="text-lg">{placementTexts.resultLead(placement)}</p>
        <p className="text-ink-muted">{placementTexts.resultWords(placement)}</p>
        {placement.levels.length > 0 ? (
          <ul className="list-disc pl-5 text-sm text-ink-muted">
            {placement.levels.map(({ level, right, asked }) => (
              <li key={level}>{placementTexts.levelScore(level, right, asked)}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {stories.data && knowledge.data ? (
        <RecommendedStories
          stories={stories.data}
          knowledge={knowledge.data}
          headingLevel={3}
          whenNoneFits={<p className="text-ink-muted">{placementTexts.noneFits}</p>}
        />
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Link to="/library?sort=fit" className={buttonClassName()}>
          {placementTexts.toLibrary}
        </Link>
        {nextPath !== '/library' ? (
          <Link to={nextPath} className={buttonClassName({ variant: 'secondary' })}>
            {placementTexts.continue}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
