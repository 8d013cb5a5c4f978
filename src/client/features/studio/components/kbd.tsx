import type { ComponentPropsWithRef } from 'react';
import { cn } from '#client/lib/cn';

export interface KbdProps extends ComponentPropsWithRef<'kbd'> {
  children: string;
  /**
   * A key shown inside a button as a hint: hidden from assistive technology (which hears the
   * button's name and its aria-keyshortcuts instead), and on phones, which have no keyboard.
   */
  hint?: boolean;
  /** Shown from this width on only (the page's, or its container's with '@2xl'). */
  showFrom?: 'sm' | '@2xl';
  /** On a primary (accent) button. */
  onAccent?: boolean;
}

const display = {
  always: 'inline-block',
  sm: 'hidden sm:inline-block',
  '@2xl': 'hidden @2xl:inline-block',
};

/** A key as the studio writes it on screen ("Enter", "E", "←"). */
export function Kbd({ hint = false, showFrom, onAccent = false, className, ...props }: KbdProps) {
  return (
    <kbd
      aria-hidden={hint ? 'true' : undefined}
      className={cn(
        display[showFrom ?? (hint ? 'sm' : 'always')],
        'min-w-7 rounded-md border px-1.5 py-0.5 text-center font-mono text-xs',
        onAccent ? 'border-accent-fg/50 text-accent-fg' : 'border-line bg-surface-muted text-ink',
        className,
      )}
      {...props}
    />
  );
}
