import { useEffect } from 'react';
import { documentTitle } from '#shared/site-identity';
import { useSiteIdentity } from '#client/lib/site-identity';

/** Sets `<platform name> — <page title>` while the page is shown. */
export function useDocumentTitle(pageTitle: string): void {
  const { name } = useSiteIdentity();
  useEffect(() => {
    document.title = documentTitle(name, pageTitle);
  }, [name, pageTitle]);
}
