import type { ComponentPropsWithRef } from 'react';
import { cn } from '#client/lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-medium transition-colors ' +
  'select-none disabled:pointer-events-none disabled:opacity-60 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-accent-fg shadow-sm hover:bg-accent-hover',
  secondary: 'border border-line bg-surface text-ink hover:bg-surface-muted',
  ghost: 'text-ink hover:bg-surface-muted',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-4 text-sm',
  md: 'h-11 px-5 text-base',
  lg: 'h-12 px-6 text-base sm:text-lg',
  icon: 'size-11',
};

// Long labels may wrap on narrow screens: a minimum height instead of a fixed one.
const wrappingSizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-4 py-1.5 text-sm',
  md: 'min-h-11 px-5 py-2 text-base',
  lg: 'min-h-12 px-6 py-2.5 text-base sm:text-lg',
  icon: 'size-11',
};

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Let the label wrap (long calls to action on narrow screens); otherwise it stays on one line. */
  wrap?: boolean;
  className?: string;
}

export function buttonClassName({
  variant = 'primary',
  size = 'md',
  wrap = false,
  className,
}: ButtonStyleOptions = {}): string {
  return cn(
    base,
    variants[variant],
    wrap ? wrappingSizes[size] : sizes[size],
    wrap ? 'text-center text-balance' : 'whitespace-nowrap',
    className,
  );
}

/** A link styled as a button uses `buttonClassName` on the link itself (no slot component). */
export interface ButtonProps
  extends ComponentPropsWithRef<'button'>, Omit<ButtonStyleOptions, 'className'> {}

export function Button({ variant, size, wrap, className, type, ...props }: ButtonProps) {
  const classes = buttonClassName({ variant, size, wrap, className });
  return <button type={type ?? 'button'} className={classes} {...props} />;
}
