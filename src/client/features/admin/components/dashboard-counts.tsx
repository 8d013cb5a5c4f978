import { BookOpen, ListMusic, MessageSquare, Users, type LucideIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';
import {
  useDashboardCounts,
  type DashboardCounts as Counts,
} from '#client/lib/api/admin/get-dashboard';

const tiles: ReadonlyArray<{ key: keyof Counts; label: string; icon: LucideIcon }> = [
  { key: 'stories', label: 'Stories', icon: BookOpen },
  { key: 'chapters', label: 'Chapters', icon: ListMusic },
  { key: 'profiles', label: 'Profiles', icon: Users },
  { key: 'feedback', label: 'Feedback', icon: MessageSquare },
];

const formatCount = new Intl.NumberFormat('en').format;

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
        </Card>
      ))}
    </dl>
  );
}
