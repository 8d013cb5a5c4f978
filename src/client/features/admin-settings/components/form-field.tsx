import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { inputClassName, Label } from '#client/components/ui/input';
import { cn } from '#client/lib/cn';

interface FieldShellProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (control: {
    id: string;
    'aria-describedby': string | undefined;
    'aria-invalid': true | undefined;
  }) => ReactNode;
}

/** A label, a control, a hint and an error message, tied together for assistive technology. */
function FieldShell({ label, hint, error, className, children }: FieldShellProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-accent-ink">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type FieldProps<T> = Omit<T, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  fieldClassName?: string;
};

export function InputField({
  label,
  hint,
  error,
  fieldClassName,
  className,
  ...props
}: FieldProps<ComponentPropsWithRef<'input'>>) {
  return (
    <FieldShell label={label} hint={hint} error={error} className={fieldClassName}>
      {(control) => <input className={cn(inputClassName, className)} {...control} {...props} />}
    </FieldShell>
  );
}

export function TextareaField({
  label,
  hint,
  error,
  fieldClassName,
  className,
  ...props
}: FieldProps<ComponentPropsWithRef<'textarea'>>) {
  return (
    <FieldShell label={label} hint={hint} error={error} className={fieldClassName}>
      {(control) => (
        <textarea
          className={cn(inputClassName, 'h-auto min-h-24 py-2', className)}
          {...control}
          {...props}
        />
      )}
    </FieldShell>
  );
}
