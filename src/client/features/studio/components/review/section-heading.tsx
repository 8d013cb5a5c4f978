import type { ReactNode } from 'react';

/** The heading of a part of a review sentence (Translation, Glosses to check, Doubtful timing). */
export function SectionHeading({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h3 id={id} className="font-sans text-xs font-semibold tracking-wide text-ink-muted uppercase">
      {children}
    </h3>
  );
}
