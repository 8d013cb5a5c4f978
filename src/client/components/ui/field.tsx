import { useId, type ReactNode } from 'react';
import { cn } from '#client/lib/cn';
import { FieldControlContext, type FieldControlProps } from './field-control';
import { Label } from './input';

export interface FieldProps {
  label: ReactNode;
  /** Under the control, announced with it. */
  hint?: ReactNode;
  /** Why the value is refused: shown under the control, announced with it, marks it invalid. */
  error?: string;
  /** Marks the control invalid without a message of its own (the form names the problem above). */
  invalid?: boolean;
  /** An asterisk after the label, and aria-required on the control. */
  required?: boolean;
  /** Announces the error as soon as it appears (role="alert"), for a form that moves no focus. */
  announceError?: boolean;
  /** At the right of the label (a "Forgot password?" link, for instance). */
  labelAside?: ReactNode;
  /** 'inline' puts the control first and the label at its right: a checkbox. */
  layout?: 'stacked' | 'inline';
  className?: string;
  /** One control: an Input, Textarea, Select or Checkbox, or any control using useFieldControl. */
  children: ReactNode;
}

/** A labelled control with its hint and error, wired together for assistive technology. */
export function Field({
  label,
  hint,
  error,
  invalid = false,
  required = false,
  announceError = false,
  labelAside,
  layout = 'stacked',
  className,
  children,
}: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control: FieldControlProps = {
    id,
    'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
    'aria-invalid': error || invalid ? true : undefined,
    'aria-required': required ? true : undefined,
  };
  const labelElement = (
    <Label htmlFor={id} className={layout === 'inline' ? 'font-normal' : undefined}>
      {label}
      {required ? (
        <span aria-hidden="true" className="text-accent">
          {' '}
          *
        </span>
      ) : null}
    </Label>
  );
  const messages = (
    <>
      {error ? (
        <FieldError id={errorId} role={announceError ? 'alert' : undefined}>
          {error}
        </FieldError>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
    </>
  );

  if (layout === 'inline') {
    return (
      <div className={cn('flex items-start gap-3', className)}>
        <FieldControlContext.Provider value={control}>{children}</FieldControlContext.Provider>
        <div>
          {labelElement}
          {messages}
        </div>
      </div>
    );
  }
  return (
    <div className={cn('space-y-1.5', className)}>
      {labelAside ? (
        <div className="flex items-baseline justify-between gap-3">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      <FieldControlContext.Provider value={control}>{children}</FieldControlContext.Provider>
      {messages}
    </div>
  );
}

/** A field's (or a whole step's) reason for refusing to go on. */
export function FieldError({
  id,
  role,
  className,
  children,
}: {
  id?: string;
  role?: 'alert';
  className?: string;
  children: ReactNode;
}) {
  return (
    <p id={id} role={role} className={cn('text-sm font-medium text-accent-ink', className)}>
      {children}
    </p>
  );
}
