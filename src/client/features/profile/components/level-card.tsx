import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { withReturnPath } from '#shared/return-path';
import { buttonClassName } from '#client/components/ui/button';
import { usePlacement } from '#client/lib/api/placement/placement';
import { formatDate } from '#client/lib/format-date-time';

const placementPath = withReturnPath('/placement', '/profile');

/** The learner's placement (decision 071), and the way to take it or take it again. */
export function LevelCard() {
  const { data: placement, isPending, isError } = usePlacement();
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <p className="max-w-xl text-ink-muted">
        {isError
          ? 'Your placement could not be loaded.'
          : isPending
            ? 'Loading your placement...'
            : placement
              ? `Your placement of ${formatDate(placement.takenAt)} started you at ${placement.level} and counts ${placement.knownWordsEstimate} common words as known. Take it again whenever you like: the new result replaces it.`
              : 'Listen to a few sentences and tell us which words you know (3–5 minutes): we will suggest the stories you can follow.'}
      </p>
      <Link to={placementPath} className={buttonClassName({ variant: 'primary' })}>
        <Compass aria-hidden="true" className="size-4" />
        {placement ? 'Retake Placement' : 'Find My Level'}
      </Link>
    </div>
  );
}
