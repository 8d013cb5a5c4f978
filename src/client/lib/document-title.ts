import { useEffect } from 'react';

export const SITE_NAME = 'Relatos';

export const formatDocumentTitle = (pageTitle: string): string => `${SITE_NAME} — ${pageTitle}`;

/** Sets `Relatos — <page title>` while the page is shown. */
export function useDocumentTitle(pageTitle: string): void {
  useEffect(() => {
    document.title = formatDocumentTitle(pageTitle);
  }, [pageTitle]);
}
