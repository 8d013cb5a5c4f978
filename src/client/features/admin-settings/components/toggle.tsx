import { useId, type ReactNode } from 'react';
import { Switch } from 'radix-ui';

export interface ToggleProps {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/** A labelled switch (role="switch"), with an optional hint under the label. */
export function Toggle({ label, hint, checked, disabled, onCheckedChange }: ToggleProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="flex items-start gap-3">
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-describedby={hintId}
        className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-line bg-surface-muted transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:opacity-60 data-[state=checked]:border-accent data-[state=checked]:bg-accent"
      >
        <Switch.Thumb className="block size-4.5 translate-x-0.5 rounded-full bg-surface shadow ring-1 ring-line transition-transform data-[state=checked]:translate-x-[1.3rem] data-[state=checked]:ring-accent" />
      </Switch.Root>
      <div>
        <label htmlFor={id} className="font-medium text-ink select-none">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="text-sm text-ink-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
