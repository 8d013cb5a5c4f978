import type { ReactNode } from 'react';
import { BookCheck, Brain, Calculator } from 'lucide-react';
import { Card } from '#client/components/ui/card';
import { useVocabulary } from '../api/get-vocabulary';

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <div className="rounded-xl bg-surface-muted/60 p-3">
      <dt className="flex items-center gap-1.5 text-sm text-ink-muted">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 font-serif text-2xl font-semibold text-ink tabular-nums">
        {value.toLocaleString('en-US')}
      </dd>
    </div>
  );
}

const iconClass = 'size-4 text-accent-ink';

/**
 * The signed-in learner's vocabulary progress (cached 5 minutes). A box of the same size holds
 * the place while it loads; on error the card is hidden (spec).
 */
export function VocabularyCard() {
  const { data, isPending, isError } = useVocabulary(true);
  if (isError) return null;
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Your Vocabulary</h2>
      {isPending ? (
        <div
          aria-hidden="true"
          className="mt-3 h-[5.5rem] animate-pulse rounded-xl bg-surface-muted"
        />
      ) : (
        <dl className="mt-3 grid grid-cols-3 gap-2">
          <Stat
            icon={<Brain aria-hidden="true" className={iconClass} />}
            label="Words Learned"
            value={data.totalWordsLearned}
          />
          <Stat
            icon={<BookCheck aria-hidden="true" className={iconClass} />}
            label="Stories Completed"
            value={data.storiesCompleted}
          />
          <Stat
            icon={<Calculator aria-hidden="true" className={iconClass} />}
            label="Avg. Words per Story"
            value={data.averageWordsPerStory}
          />
        </dl>
      )}
    </Card>
  );
}
