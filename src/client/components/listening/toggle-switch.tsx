import { useId } from 'react';
import { Switch } from 'radix-ui';

/** A labelled on/off switch (role="switch"). */
export function ToggleSwitch({
  label,
  checked,
  onCheckedChange,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="inline-flex items-center gap-2">
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-line bg-surface-muted transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus data-[state=checked]:border-accent data-[state=checked]:bg-accent"
      >
        <Switch.Thumb className="block size-4.5 translate-x-0.5 rounded-full bg-surface shadow ring-1 ring-line transition-transform data-[state=checked]:translate-x-[1.3rem] data-[state=checked]:ring-accent" />
      </Switch.Root>
      <label htmlFor={id} className="text-sm font-medium text-ink select-none">
        {label}
      </label>
    </div>
  );
}
