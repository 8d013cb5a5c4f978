import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Construction } from 'lucide-react';
import { buttonClassName } from '#client/components/ui/button';
import { PageHeading } from '#client/components/ui/page-heading';
import { useDocumentTitle } from '#client/lib/document-title';

export interface BuildingPageProps {
  /** The page's h1 and document title. */
  title: string;
  /** Document title when it should differ from the heading. */
  documentTitle?: string;
  /** One sentence on what the page is for. */
  lead?: ReactNode;
  /** Inside the admin area the links home and to the library are noise. */
  showLinks?: boolean;
  /** False when a surrounding layout (the admin area) already provides the page container. */
  contained?: boolean;
}

/** A route that exists but whose screen is not built yet. It says so plainly and offers no fake controls. */
export function BuildingPage({
  title,
  documentTitle,
  lead,
  showLinks = true,
  contained = true,
}: BuildingPageProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className={contained ? 'mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16' : 'max-w-3xl'}>
      <PageHeading title={title} lead={lead} />
      <p className="flex items-start gap-3 rounded-2xl border border-dashed border-line bg-surface-muted px-5 py-4 text-ink">
        <Construction aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-ink" />
        <span>This page is being built.</span>
      </p>
      {showLinks ? (
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/library" className={buttonClassName()}>
            Browse the Library
          </Link>
          <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
            Go Home
          </Link>
        </div>
      ) : null}
    </div>
  );
}
