import { LibraryPage } from '#client/features/library/components/library-page';
import { useDocumentTitle } from '#client/lib/document-title';

export default function LibraryRoute() {
  useDocumentTitle('Library');
  return <LibraryPage />;
}
