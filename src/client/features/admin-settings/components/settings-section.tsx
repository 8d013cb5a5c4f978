import { createContext, useContext, useId, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { Notice } from '#client/components/ui/notice';
import { Spinner } from '#client/components/ui/spinner';

/**
 * Heading level of the section titles: h2 on /admin/settings (under the page's h1), h3 in the
 * Settings tab of Content Management (under its 'System Settings' h2). Headings inside a section
 * sit one level below.
 */
export type SectionHeadingLevel = 2 | 3;
const SectionHeadingLevelContext = createContext<SectionHeadingLevel>(2);
export const SectionHeadingLevelProvider = SectionHeadingLevelContext.Provider;

/** The tag of a section's title. */
export const useSectionHeading = () =>
  useContext(SectionHeadingLevelContext) === 2 ? ('h2' as const) : ('h3' as const);

/** The tag of a heading inside a section (one level below its title). */
export const useSubsectionHeading = () =>
  useContext(SectionHeadingLevelContext) === 2 ? ('h3' as const) : ('h4' as const);

export interface SettingsSectionProps {
  title: string;
  description: string;
  icon: LucideIcon;
  children: ReactNode;
}

/** One card of the System Settings screen, named by its title (h2, or h3 inside a tab). */
export function SettingsSection({
  title,
  description,
  icon: Icon,
  children,
}: SettingsSectionProps) {
  const headingId = useId();
  const Heading = useSectionHeading();
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={headingId}>
        <div className="mb-5">
          <Heading id={headingId} className="flex items-center gap-2 text-xl font-semibold">
            <Icon aria-hidden="true" className="size-5 text-accent-ink" />
            {title}
          </Heading>
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
  const Heading = useSubsectionHeading();
  if (isPending) return <Spinner label={loadingLabel} className="py-6" />;
  if (isError) {
    // The title is given here rather than through Notice, whose headings stop at h3.
    return (
      <Notice
        tone="error"
        action={
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try Again
          </Button>
        }
      >
        <Heading className="mb-1 text-lg font-semibold text-ink">{errorTitle}</Heading>
        These settings could not be loaded.
      </Notice>
    );
  }
  return <>{children()}</>;
}
