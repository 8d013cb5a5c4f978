import { useId } from 'react';
import { Switch } from '#client/components/ui/switch';

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
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} />
      <label htmlFor={id} className="text-sm font-medium text-ink select-none">
        {label}
      </label>
    </div>
  );
}
