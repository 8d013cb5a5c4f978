import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn';

export interface PageHeadingProps {
  title: ReactNode;
  lead?: ReactNode;
  className?: string;
}

/** The page's single h1, with an optional lead paragraph. */
export function PageHeading({ title, lead, className }: PageHeadingProps) {
  return (
    <div className={cn('mb-8', className)}>
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
      {lead ? <p className="mt-3 max-w-2xl text-lg text-ink-muted">{lead}</p> : null}
    </div>
  );
}
