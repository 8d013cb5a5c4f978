import { ListChecks } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';
import { countOf } from '../rules/labels';

export type StudioMode = 'editor' | 'review';

export interface StudioModeSwitchProps {
  mode: StudioMode;
  onChange: (mode: StudioMode) => void;
  /** Sentences where something waits for a person. */
  waiting: number;
}

const modes: ReadonlyArray<{ mode: StudioMode; label: string }> = [
  { mode: 'review', label: 'Review' },
  { mode: 'editor', label: 'Full editor' },
];

/**
 * Review mode or the full editor (decision 047). While sentences wait, the editor offers the
 * review first.
 */
export function StudioModeSwitch({ mode, onChange, waiting }: StudioModeSwitchProps) {
  const offer = mode === 'editor' && waiting > 0;
  return (
    <div
      className={cn(
        'flex flex-wrap items-center gap-x-4 gap-y-3 rounded-2xl border px-4 py-3',
        offer ? 'border-accent/40 bg-accent-soft' : 'border-line bg-surface',
      )}
    >
      <div
        role="group"
        aria-label="Studio mode"
        className="inline-flex rounded-full border border-line bg-surface p-0.5"
      >
        {modes.map((item) => (
          <button
            key={item.mode}
            type="button"
            aria-pressed={mode === item.mode}
            onClick={() => onChange(item.mode)}
            className={cn(
              'rounded-full px-4 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
              mode === item.mode ? 'bg-ink text-surface' : 'text-ink-muted hover:text-ink',
            )}
          >
            {item.label}
          </button>
        ))}
      </div>
      <p className={cn('min-w-0 flex-1 basis-56 text-sm', offer ? 'text-ink' : 'text-ink-muted')}>
        {mode === 'review'
          ? 'One sentence at a time, made for the keyboard. The full editor has every sentence, the timings and the versions.'
          : waiting > 0
            ? `${countOf(waiting, 'sentence waits', 'sentences wait')} for review: a translation, glosses or a timing to approve. Review mode takes you through them one at a time.`
            : 'Nothing waits for review in this chapter.'}
      </p>
      {offer ? (
        <Button size="sm" onClick={() => onChange('review')}>
          <ListChecks aria-hidden="true" className="size-4" />
          Start review
        </Button>
      ) : null}
    </div>
  );
}
