import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cn } from '#client/lib/cn';
import { useFieldControl } from './field-control';

export const inputClassName =
  'block h-11 w-full rounded-xl border border-line bg-surface px-3 text-base text-ink shadow-xs ' +
  'placeholder:text-ink-muted/70 focus-visible:border-accent focus-visible:outline-2 ' +
  'focus-visible:outline-offset-0 focus-visible:outline-focus disabled:opacity-60 ' +
  'aria-invalid:border-accent';

// The controls take their id and aria wiring from the Field around them (see ./field); props
// given here win.

export function Input({ className, ...props }: ComponentPropsWithRef<'input'>) {
  return <input {...useFieldControl()} className={cn(inputClassName, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentPropsWithRef<'textarea'>) {
  return (
    <textarea
      {...useFieldControl()}
      className={cn(inputClassName, 'h-auto py-2', className)}
      {...props}
    />
  );
}

export function Select({ className, ...props }: ComponentPropsWithRef<'select'>) {
  return <select {...useFieldControl()} className={cn(inputClassName, className)} {...props} />;
}

/** A native checkbox, for a Field with `layout="inline"`. */
export function Checkbox({ className, ...props }: Omit<ComponentPropsWithRef<'input'>, 'type'>) {
  return (
    <input
      {...useFieldControl()}
      type="checkbox"
      className={cn('mt-0.5 size-5 shrink-0 rounded accent-accent', className)}
      {...props}
    />
  );
}

export function Label({ className, ...props }: ComponentPropsWithRef<'label'>) {
  return <label className={cn('block text-sm font-medium text-ink', className)} {...props} />;
}

export interface TextFieldProps extends ComponentPropsWithRef<'input'> {
  label: ReactNode;
  /** Shown under the input and announced with it. */
  hint?: ReactNode;
  /** Sits at the right of the label (a "Forgot password?" link, for instance). */
  labelAside?: ReactNode;
}

/** A labelled input with an optional hint. */
export function TextField({ label, hint, labelAside, id, className, ...props }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={inputId}>{label}</Label>
        {labelAside}
      </div>
      <Input id={inputId} aria-describedby={hintId} {...props} />
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface CheckboxFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
}

/** A native checkbox with its label (and hint) to the right. */
export function CheckboxField({ label, hint, id, className, ...props }: CheckboxFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        id={inputId}
        type="checkbox"
        aria-describedby={hintId}
        className="mt-0.5 size-5 shrink-0 rounded accent-accent"
        {...props}
      />
      <div>
        <Label htmlFor={inputId} className="font-normal">
          {label}
        </Label>
        {hint ? (
          <p id={hintId} className="text-sm text-ink-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
