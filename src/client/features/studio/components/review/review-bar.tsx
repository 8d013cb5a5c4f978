import { memo, type Ref } from 'react';
import { CircleCheck, CircleDot, Save, Timer } from 'lucide-react';
import { formatClock } from '#shared/format';
import { Button } from '#client/components/ui/button';
import { useActiveClock } from '../../hooks/use-active-clock';
import { AUTOSAVE_EVERY } from '../../hooks/use-review';
import type { ReviewCounts } from '../../rules/review-queue';
import { formatCount } from '../../rules/labels';
import { Kbd } from '../kbd';

export interface ReviewBarProps {
  ref?: Ref<HTMLDivElement>;
  counts: ReviewCounts;
  /** Sentences of this review that no longer wait, of all of them. */
  reviewed: number;
  total: number;
  approved: number;
  /** The clock runs while there is a sentence to review. */
  running: boolean;
  dirty: boolean;
  saving: boolean;
  version: number | null;
  onSave: () => void;
}

/** The review's clock: time spent while the tab is visible, and the pace per approved sentence. */
function ReviewClock({ running, approved }: { running: boolean; approved: number }) {
  const elapsed = useActiveClock(running);
  return (
    <p className="flex items-center gap-1.5 text-sm text-ink-muted">
      <Timer aria-hidden="true" className="size-4" />
      <span
        role="timer"
        aria-label="Time spent reviewing"
        className="font-medium text-ink tabular-nums"
      >
        {formatClock(elapsed)}
      </span>
      {approved > 0 ? (
        <span className="hidden tabular-nums @md:inline">
          · {Math.round(elapsed / approved)} s a sentence
        </span>
      ) : null}
    </p>
  );
}

/**
 * Always in view while reviewing (sticky, at every width): what is left in the chapter, how far
 * this review is, the time spent, and saving (by itself every few sentences, or now).
 */
export const ReviewBar = memo(function ReviewBar({
  ref,
  counts,
  reviewed,
  total,
  approved,
  running,
  dirty,
  saving,
  version,
  onSave,
}: ReviewBarProps) {
  const percent = total === 0 ? 100 : Math.round((reviewed / total) * 100);
  const left = [
    { count: counts.sentences, one: 'sentence', many: 'sentences' },
    { count: counts.translations, one: 'translation', many: 'translations' },
    { count: counts.glosses, one: 'gloss', many: 'glosses' },
    { count: counts.timings, one: 'timing', many: 'timings' },
  ];
  return (
    <div
      ref={ref}
      className="@container sticky top-16 z-30 overflow-hidden rounded-2xl border border-line bg-surface shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-x-5 gap-y-1.5 px-3 pt-2 pb-1.5 @xl:px-4 @xl:pt-3">
        <section
          aria-labelledby="review-left"
          className="flex w-full items-baseline gap-3 @3xl:w-auto @3xl:flex-1"
        >
          <h2
            id="review-left"
            className="sr-only font-sans text-sm font-semibold text-ink @3xl:not-sr-only"
          >
            Left
          </h2>
          <ul className="grid flex-1 grid-cols-4 gap-1 @3xl:flex @3xl:gap-4">
            {left.map(({ count, one, many }) => (
              <li
                key={many}
                className="flex flex-col leading-tight @3xl:flex-row @3xl:items-baseline @3xl:gap-1"
              >
                <span className="font-semibold text-ink tabular-nums">{formatCount(count)}</span>{' '}
                <span className="text-xs text-ink-muted @3xl:text-sm">
                  {count === 1 ? one : many}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <div className="flex w-full items-center gap-3 @3xl:w-auto">
          <ReviewClock running={running} approved={approved} />
          <div className="ml-auto flex items-center gap-2">
            <p role="status" className="flex items-center gap-1.5 text-sm">
              {saving ? (
                <span className="text-ink-muted">Saving…</span>
              ) : dirty ? (
                <>
                  <CircleDot aria-hidden="true" className="size-4 text-accent" />
                  Unsaved
                </>
              ) : (
                <>
                  <CircleCheck aria-hidden="true" className="size-4 text-level-beginner-ink" />
                  {version === null ? 'Nothing saved yet' : `Saved · version ${version}`}
                </>
              )}
            </p>
            <Button
              size="sm"
              variant="secondary"
              className="h-8 px-3"
              onClick={onSave}
              disabled={!dirty || saving}
              aria-keyshortcuts="S"
            >
              <Save aria-hidden="true" className="size-4" />
              Save
              <Kbd hint showFrom="@2xl">
                S
              </Kbd>
            </Button>
          </div>
        </div>
      </div>
      <div className="flex items-center gap-3 px-3 pb-2 text-xs text-ink-muted @xl:px-4">
        <div
          role="progressbar"
          aria-label="Sentences of this review done"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={reviewed}
          aria-valuetext={`${reviewed} of ${total}`}
          className="h-1.5 flex-1 overflow-hidden rounded-full bg-surface-muted"
        >
          <div
            className="h-full rounded-full bg-accent transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
        <span className="tabular-nums">
          {reviewed} of {total} done
        </span>
        <span>· saves itself every {AUTOSAVE_EVERY}</span>
      </div>
    </div>
  );
});
