import { Link } from 'react-router';
import { CircleAlert, Download, RotateCw } from 'lucide-react';
import { Button, buttonClassName } from '#client/components/ui/button';
import { useDocumentTitle } from '#client/lib/document-title';
import { playerErrorContent, type PlayerErrorKind } from './player-error-kind';

/** The reload behind Try Again; replaceable in tests. */
export const reloadPage = {
  reload: () => window.location.reload(),
};

/**
 * The player's error page, chosen by keyword from the failure's message (spec, section 8) or
 * given as `kind`, with suggestions and three ways on: Try Again (reloads), Back to Library, Go
 * Home; for a chapter not downloaded, offline: Downloads, Try Again, Back to Library.
 */
export function PlayerErrorPage({
  message,
  detail,
  kind,
}: {
  message: string;
  detail?: string;
  kind?: PlayerErrorKind;
}) {
  const content = playerErrorContent(message, kind);
  const notDownloaded = content.kind === 'not-downloaded';
  useDocumentTitle(content.title);
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6" data-error-kind={content.kind}>
      <div className="text-center">
        <CircleAlert aria-hidden="true" className="mx-auto size-12 text-accent-ink" />
        <h1 className="mt-4 text-3xl font-semibold">{content.title}</h1>
        <p className="mt-3 text-lg text-ink-muted">{content.description}</p>
        {detail ? <p className="mt-2 text-ink-muted">{detail}</p> : null}
      </div>
      <div className="mt-8 rounded-2xl border border-line bg-surface px-5 py-4">
        <h2 className="text-lg font-semibold">What you can try</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-ink-muted">
          {content.suggestions.map((suggestion) => (
            <li key={suggestion}>{suggestion}</li>
          ))}
        </ul>
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {notDownloaded ? (
          <Link to="/downloads" className={buttonClassName({})}>
            <Download aria-hidden="true" className="size-4" />
            Go to Downloads
          </Link>
        ) : null}
        <Button
          variant={notDownloaded ? 'secondary' : 'primary'}
          onClick={() => reloadPage.reload()}
        >
          <RotateCw aria-hidden="true" className="size-4" />
          Try Again
        </Button>
        <Link
          to="/library"
          className={buttonClassName({ variant: notDownloaded ? 'ghost' : 'secondary' })}
        >
          Back to Library
        </Link>
        {notDownloaded ? null : (
          <Link to="/" className={buttonClassName({ variant: 'ghost' })}>
            Go Home
          </Link>
        )}
      </div>
    </div>
  );
}
