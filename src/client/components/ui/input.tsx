import type { ComponentPropsWithRef } from 'react';
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
