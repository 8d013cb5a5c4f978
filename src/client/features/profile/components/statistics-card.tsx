import type { ReactNode } from 'react';
import { Award, BookCheck, Clock, TrendingUp } from 'lucide-react';
import { Spinner } from '#client/components/ui/spinner';
import { useStatistics } from '../api/get-statistics';
import { SectionLoadError } from './section-load-error';

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="rounded-xl border border-line bg-surface-muted/60 p-4">
      <dt className="flex items-center gap-2 text-sm text-ink-muted">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 font-serif text-3xl font-semibold text-ink tabular-nums">{value}</dd>
    </div>
  );
}

const iconClass = 'size-4 text-accent-ink';

/** Stories completed, listening minutes, achievement count and average progress. */
export function StatisticsCard() {
  const { data, isPending, isError, refetch } = useStatistics();
  if (isPending) return <Spinner label="Loading statistics..." className="py-6" />;
  if (isError) {
    return (
      <SectionLoadError title="Statistics unavailable" onRetry={() => void refetch()}>
        Your statistics could not be loaded.
      </SectionLoadError>
    );
  }
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat
        icon={<BookCheck aria-hidden="true" className={iconClass} />}
        label="Stories Completed"
        value={String(data.storiesCompleted)}
      />
      <Stat
        icon={<Clock aria-hidden="true" className={iconClass} />}
        label="Listening Minutes"
        value={String(data.listeningMinutes)}
      />
      <Stat
        icon={<Award aria-hidden="true" className={iconClass} />}
        label="Achievements"
        value={String(data.achievementsCount)}
      />
      <Stat
        icon={<TrendingUp aria-hidden="true" className={iconClass} />}
        label="Average Progress"
        value={`${data.averageProgress}%`}
      />
    </dl>
  );
}
