import { Award } from 'lucide-react';
import { Spinner } from '#client/components/ui/spinner';
import { useAchievements } from '#client/lib/api/me/get-achievements';
import { SectionLoadError } from './section-load-error';

const earnedOn = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(iso));

/** Achievements, newest first. */
export function AchievementsList() {
  const { data, isPending, isError, refetch } = useAchievements();
  if (isPending) return <Spinner label="Loading achievements..." className="py-6" />;
  if (isError) {
    return (
      <SectionLoadError title="Achievements unavailable" onRetry={() => void refetch()}>
        Your achievements could not be loaded.
      </SectionLoadError>
    );
  }
  if (data.length === 0) {
    return (
      <p className="text-ink-muted">
        No achievements yet. Keep listening: finishing your first story earns one.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-line">
      {data.map((achievement) => (
        <li key={achievement.key} className="flex items-start gap-3 py-3">
          <span className="mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-soft-ink">
            <Award aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-medium text-ink">{achievement.title}</p>
            <p className="text-sm text-ink-muted">{achievement.description}</p>
          </div>
          <time dateTime={achievement.earnedAt} className="shrink-0 text-sm text-ink-muted">
            {earnedOn(achievement.earnedAt)}
          </time>
        </li>
      ))}
    </ul>
  );
}
