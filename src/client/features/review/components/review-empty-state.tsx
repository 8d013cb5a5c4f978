import { Link } from 'react-router';
import { buttonClassName } from '#client/components/ui/button';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';
import { useAllSavedItems } from '../api/review-api';
import { nextDueAt } from '../review-rules';
import { reviewTexts } from '../review-texts';

const whenFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Nothing left to review now: when the next card is due, and the way back to the stories. */
export function ReviewEmptyState({ answeredDue }: { answeredDue: readonly number[] }) {
  const saved = useAllSavedItems(true);
  // Cards just rated say enough on their own: no waiting for the list (it waits while offline).
  if (saved.isPending && answeredDue.length === 0) {
    return <Spinner label={reviewTexts.loading} className="py-6" />;
  }
  const items = saved.data ?? [];
  const toLibrary = (
    <Link to="/library" className={buttonClassName({ variant: 'primary' })}>
      {reviewTexts.toLibrary}
    </Link>
  );
  if (items.length === 0 && answeredDue.length === 0) {
    return (
      <Notice title={reviewTexts.nothingSavedTitle} headingLevel={2} action={toLibrary}>
        {reviewTexts.nothingSaved}
      </Notice>
    );
  }
  const dues = [
    ...answeredDue,
    ...items.flatMap((item) => (item.review ? [Date.parse(item.review.due)] : [])),
  ];
  const next = nextDueAt(dues, Date.now());
  return (
    <Notice title={reviewTexts.nothingDueTitle} headingLevel={2} action={toLibrary}>
      <span data-testid="review-next-due">
        {next === null
          ? reviewTexts.noneScheduled
          : reviewTexts.nextDue(whenFormat.format(new Date(next)))}
      </span>
    </Notice>
  );
}
