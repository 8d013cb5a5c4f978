import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { NOT_FOUND_PAGE_TITLE } from '#shared/page-routes';
import { buttonClassName } from '#client/components/ui/button';
import { sendClientLog } from '#client/lib/client-log';
import { useDocumentTitle } from '#client/lib/document-title';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentTitle(NOT_FOUND_PAGE_TITLE);

  useEffect(() => {
    sendClientLog({ kind: 'not_found', path: pathname });
  }, [pathname]);

  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6 sm:py-24">
      <p className="font-serif text-6xl font-semibold text-accent-ink" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-semibold sm:text-4xl">{NOT_FOUND_PAGE_TITLE}</h1>
      <p className="mt-4 text-lg text-ink-muted">
        We couldn’t find the page you were looking for. It may have moved, or the address may be
        mistyped.
      </p>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClassName()}>
          Go Home
        </Link>
        <Link to="/library" className={buttonClassName({ variant: 'secondary' })}>
          Browse the Library
        </Link>
      </div>
    </div>
  );
}
