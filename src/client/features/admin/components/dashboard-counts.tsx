import {
  ArrowRight,
  BookOpen,
  ListMusic,
  MessageSquare,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';
import {
  useDashboardCounts,
  type DashboardCounts as Counts,
} from '#client/lib/api/admin/get-dashboard';

const tiles: ReadonlyArray<{
  key: Exclude<keyof Counts, 'openFeedback'>;
  label: string;
  icon: LucideIcon;
}> = [
  { key: 'stories', label: 'Stories', icon: BookOpen },
  { key: 'chapters', label: 'Chapters', icon: ListMusic },
  { key: 'profiles', label: 'Profiles', icon: Users },
  { key: 'feedback', label: 'Feedback', icon: MessageSquare },
];

const formatCount = new Intl.NumberFormat('en').format;

/** The inbox showing the messages nobody has handled yet (issue 12). */
const OPEN_INBOX_PATH = '/admin/inbox?status=open';

/** Admin spec: the dashboard shows the counts of stories, chapters, profiles and feedback. */
export function DashboardCounts() {
  const { data, isPending, isError, refetch } = useDashboardCounts();
  if (isPending) return <Spinner label="Loading counts..." className="py-16" />;
  if (isError) {
    return (
      <Notice
        tone="error"
        title="Counts unavailable"
        action={
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            Try Again
          </Button>
        }
      >
        The dashboard counts could not be loaded.
      </Notice>
    );
  }
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {tiles.map(({ key, label, icon: Icon }) => (
        <Card key={key} className="p-5">
          <dt className="flex items-center gap-2 text-sm font-medium text-ink-muted">
            <Icon aria-hidden="true" className="size-4 text-accent-ink" />
            {label}
          </dt>
          <dd className="mt-2 font-serif text-4xl font-semibold text-ink tabular-nums">
            {formatCount(data[key])}
          </dd>
          {key === 'feedback' ? (
            <dd className="mt-2 text-sm">
              <Link
                to={OPEN_INBOX_PATH}
                className="inline-flex items-center gap-1 font-medium text-accent-ink underline-offset-4 hover:underline"
              >
                {data.openFeedback === 1
                  ? '1 open message'
                  : `${formatCount(data.openFeedback)} open messages`}
                <ArrowRight aria-hidden="true" className="size-3.5" />
              </Link>
            </dd>
          ) : null}
        </Card>
      ))}
    </dl>
  );
}
