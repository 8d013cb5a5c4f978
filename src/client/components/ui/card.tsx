import type { ComponentPropsWithRef } from 'react';
import { cn } from '#client/lib/cn';

export function Card({ className, ...props }: ComponentPropsWithRef<'div'>) {
  return (
    <div
      className={cn('rounded-2xl border border-line bg-surface shadow-sm shadow-ink/5', className)}
      {...props}
    />
  );
}
