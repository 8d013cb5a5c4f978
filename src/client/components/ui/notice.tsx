import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn';

export interface NoticeProps {
  title?: string;
  children: ReactNode;
  tone?: 'info' | 'error';
  /** Heading level of the title, so the page outline stays in order. */
  headingLevel?: 2 | 3;
  className?: string;
  action?: ReactNode;
}

/** A boxed message: informational notes, empty states and load errors. */
export function Notice({
  title,
  children,
  tone = 'info',
  headingLevel = 2,
  className,
  action,
}: NoticeProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={cn(
        'rounded-2xl border px-5 py-4',
        tone === 'error' ? 'border-accent/40 bg-accent-soft' : 'border-line bg-surface-muted',
        className,
      )}
    >
      {title ? <Heading className="mb-1 text-lg font-semibold">{title}</Heading> : null}
      <div className="text-ink-muted">{children}</div>
      {action ? <div className="mt-4 flex flex-wrap gap-3">{action}</div> : null}
    </div>
  );
}
