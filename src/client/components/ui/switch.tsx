import { Switch as SwitchPrimitive } from 'radix-ui';
import { useFieldControl } from './field-control';

export interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  id?: string;
  'aria-describedby'?: string;
}

/** An on/off switch (role="switch"); inside a Field it takes the Field's id and wiring. */
export function Switch(props: SwitchProps) {
  return (
    <SwitchPrimitive.Root
      {...useFieldControl()}
      {...props}
      className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-line bg-surface-muted transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:opacity-60 data-[state=checked]:border-accent data-[state=checked]:bg-accent"
    >
      <SwitchPrimitive.Thumb className="block size-4.5 translate-x-0.5 rounded-full bg-surface shadow ring-1 ring-line transition-transform data-[state=checked]:translate-x-[1.3rem] data-[state=checked]:ring-accent" />
    </SwitchPrimitive.Root>
  );
}
