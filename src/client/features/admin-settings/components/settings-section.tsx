import { useId, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';

export interface SettingsSectionProps {
  title: string;
  description: string;
  icon: LucideIcon;
  children: ReactNode;
}

/** One card of the System Settings screen, named by its h2. */
export function SettingsSection({
  title,
  description,
  icon: Icon,
  children,
}: SettingsSectionProps) {
  const headingId = useId();
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={headingId}>
        <div className="mb-5">
          <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold">
            <Icon aria-hidden="true" className="size-5 text-accent-ink" />
            {title}
          </h2>
          <p className="mt-1 text-ink-muted">{description}</p>
        </div>
        {children}
      </section>
    </Card>
  );
}

export interface SectionStateProps {
  isPending: boolean;
  isError: boolean;
  /** What is loading, e.g. 'Loading logo...'. */
  loadingLabel: string;
  errorTitle: string;
  onRetry: () => void;
  children: () => ReactNode;
}

/** Loading and error states of a section's data; the content once it is there. */
export function SectionState({
  isPending,
  isError,
  loadingLabel,
  errorTitle,
  onRetry,
  children,
}: SectionStateProps) {
  if (isPending) return <Spinner label={loadingLabel} className="py-6" />;
  if (isError) {
    return (
      <Notice
        tone="error"
        headingLevel={3}
        title={errorTitle}
        action={
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try Again
          </Button>
        }
      >
        These settings could not be loaded.
      </Notice>
    );
  }
  return <>{children()}</>;
}
