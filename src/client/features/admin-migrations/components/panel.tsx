import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '#client/components/ui/card';
import { cn } from '#client/lib/cn';

export interface PanelProps {
  id: string;
  title: string;
  description?: ReactNode;
  icon: LucideIcon;
  /** Sits at the right of the title (a status badge, for instance). */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One of the screen's stacked panels: a card labelled by its h2. */
export function Panel({
  id,
  title,
  description,
  icon: Icon,
  aside,
  children,
  className,
}: PanelProps) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className={className}>
      <Card className="p-5 sm:p-6">
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-accent-ink" />
              {title}
            </h2>
            {description ? <p className="mt-1 text-ink-muted">{description}</p> : null}
          </div>
          {aside}
        </div>
        {children}
      </Card>
    </section>
  );
}

/** A short list of messages under a small heading (errors, warnings, issues). */
export function MessageList({
  title,
  items,
  tone,
}: {
  title: string;
  items: readonly string[];
  tone: 'error' | 'warning' | 'issue';
}) {
  if (items.length === 0) return null;
  return (
    <div>
      <h4 className="text-sm font-semibold">{title}</h4>
      <ul
        className={cn(
          'mt-1 list-disc space-y-1 pl-5 text-sm',
          tone === 'error' ? 'text-accent-ink' : 'text-ink',
        )}
      >
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
