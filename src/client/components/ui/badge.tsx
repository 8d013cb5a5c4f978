import type { ComponentPropsWithRef } from 'react';
import { cn } from '#client/lib/cn';

export type BadgeTone = 'neutral' | 'accent' | 'beginner' | 'intermediate' | 'advanced';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-surface-muted text-ink-muted',
  accent: 'bg-accent-soft text-accent-soft-ink',
  beginner: 'bg-level-beginner text-level-beginner-ink',
  intermediate: 'bg-level-intermediate text-level-intermediate-ink',
  advanced: 'bg-level-advanced text-level-advanced-ink',
};

export interface BadgeProps extends ComponentPropsWithRef<'span'> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
