import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { withReturnPath } from '#shared/return-path';
import { Button, buttonClassName } from '#client/components/ui/button';
import { Notice } from '#client/components/ui/notice';
import { usePlacement } from '#client/lib/api/placement/placement';

/**
 * In place of "Recommended for You" when no story fits the learner (decision 071): an invitation
 * to find their level when they never took placement, otherwise where the closest stories are.
 */
export function FitNotice() {
  const placement = usePlacement();
  if (placement.isPending || placement.isError) return null;
  if (placement.data) {
    return (
      <Notice title="No Story Fits You Yet" headingLevel={2}>
        None of the stories is one where you know 90–98% of what you will hear. Sort by Best Fit
        First to see the closest ones.
      </Notice>
    );
  }
  return (
    <Notice
      title="Find Stories at Your Level"
      headingLevel={2}
      action={
        <Link
          to={withReturnPath('/placement', '/library')}
          className={buttonClassName({ size: 'sm' })}
        >
          <Compass aria-hidden="true" className="size-4" />
          Find My Level
        </Link>
      }
    >
      Listen to a few sentences and tell us which words you know (3–5 minutes): we will suggest the
      stories you can follow.
    </Notice>
  );
}

/**
 * The list when "Fits me" alone empties it: stories match the search and level, but none is one
 * where the learner knows 90–98% of what they will hear. One click shows them all again.
 */
export function NoneFitsHere({ onShowAll }: { onShowAll: () => void }) {
  return (
    <Notice
      title="No Story Here Fits You Yet"
      headingLevel={2}
      action={
        <Button variant="secondary" size="sm" onClick={onShowAll}>
          Show All Stories
        </Button>
      }
    >
      Of the stories that match, none is one where you know 90–98% of what you will hear. Show them
      all and sort by Best Fit First to see the closest.
    </Notice>
  );
}
