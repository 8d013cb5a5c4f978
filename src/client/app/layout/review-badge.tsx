import { Link } from 'react-router';
import { reviewCountLabels, useReviewSummary } from '#client/lib/api/review/get-review-summary';
import { cn } from '#client/lib/cn';

/**
 * The header's way to /review for a signed-in learner, with the number of cards waiting (due now
 * plus new ones left today). The count is one cheap request kept a minute.
 */
export function ReviewBadge() {
  const { data } = useReviewSummary(true);
  const waiting = data ? data.dueCount + data.newAvailable : 0;
  // Named with the words of /review and the profile: "Review: Due 1 · New cards left today 1".
  const label =
    !data || waiting === 0
      ? 'Review'
      : `Review: ${reviewCountLabels.due} ${data.dueCount} · ${reviewCountLabels.newLeft} ${data.newAvailable}`;
  return (
    <Link
      to="/review"
      aria-label={label}
      title={label}
      data-testid="review-badge"
      className="inline-flex items-center gap-1.5 rounded-full px-3 py-2 font-medium text-ink transition-colors hover:bg-surface-muted"
    >
      <span aria-hidden="true">Review</span>
      {waiting > 0 ? (
        <span
          aria-hidden="true"
          className={cn(
            'min-w-6 rounded-full bg-accent px-1.5 text-center text-xs leading-5 font-semibold text-accent-fg',
          )}
        >
          {waiting > 99 ? '99+' : waiting}
        </span>
      ) : null}
    </Link>
  );
}
