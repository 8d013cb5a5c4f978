import { Check } from 'lucide-react';
import { cn } from '#client/lib/cn';
import { WIZARD_STEPS, type WizardStep } from './wizard-schema';

/** Percent of the wizard reached at `step`: step 1 of 4 is 25%. */
export const stepPercent = (step: WizardStep): number =>
  Math.round((step / WIZARD_STEPS.length) * 100);

/** 'Step n of 4', the percent complete, a progress bar and the list of steps. */
export function WizardProgress({ step }: { step: WizardStep }) {
  const percent = stepPercent(step);
  const total = WIZARD_STEPS.length;
  return (
    <div className="space-y-3">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <p className="font-medium text-ink">
          Step {step} of {total}
        </p>
        <p className="text-ink-muted">{percent}% Complete</p>
      </div>
      <div
        role="progressbar"
        aria-label="Story wizard progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`Step ${step} of ${total}: ${WIZARD_STEPS[step - 1]}, ${percent}% complete`}
        className="h-2 overflow-hidden rounded-full bg-surface-muted"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
      <ol className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {WIZARD_STEPS.map((name, index) => {
          const number = index + 1;
          const done = number < step;
          const current = number === step;
          return (
            <li
              key={name}
              aria-current={current ? 'step' : undefined}
              className={cn(
                'flex items-center gap-2',
                current ? 'font-semibold text-ink' : 'text-ink-muted',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs',
                  done && 'border-accent bg-accent text-accent-fg',
                  current && 'border-accent text-accent-ink',
                  !done && !current && 'border-line',
                )}
              >
                {done ? <Check className="size-3.5" /> : number}
              </span>
              {name}
              {done ? <span className="sr-only"> (done)</span> : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
