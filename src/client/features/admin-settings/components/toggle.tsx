import { useId, type ReactNode } from 'react';
import { Switch } from '#client/components/ui/switch';

export interface ToggleProps {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/** A settings switch: the switch, then its label and an optional hint. */
export function Toggle({ label, hint, checked, disabled, onCheckedChange }: ToggleProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="flex items-start gap-3">
      <div className="mt-0.5 flex">
        <Switch
          id={id}
          checked={checked}
          disabled={disabled}
          onCheckedChange={onCheckedChange}
          aria-describedby={hintId}
        />
      </div>
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
