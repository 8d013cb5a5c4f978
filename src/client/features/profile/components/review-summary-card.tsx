import { Link } from 'react-router';
import { buttonClassName } from '#client/components/ui/button';
import { reviewCountLabels, useReviewSummary } from '#client/lib/api/review/get-review-summary';

/** The learner's review deck at a glance: cards due now, new cards left today, the way in. */
export function ReviewSummaryCard() {
  const { data, isError } = useReviewSummary(true);
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      {isError ? (
        <p className="text-ink-muted">Your review counts could not be loaded.</p>
      ) : (
        <dl className="flex gap-8">
          <div>
            <dt className="text-sm text-ink-muted">{reviewCountLabels.due}</dt>
            <dd className="text-3xl font-semibold" data-testid="profile-review-due">
              {data ? data.dueCount : '–'}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-ink-muted">{reviewCountLabels.newLeft}</dt>
            <dd className="text-3xl font-semibold">{data ? data.newAvailable : '–'}</dd>
          </div>
        </dl>
      )}
      <Link to="/review" className={buttonClassName({ variant: 'primary' })}>
        Start Review
      </Link>
    </div>
  );
}
