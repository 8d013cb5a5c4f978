import { HelpPage } from '#client/features/static-pages/components/help-page';
import { useDocumentTitle } from '#client/lib/document-title';

export default function HelpRoute() {
  useDocumentTitle('Help Center');
  return <HelpPage />;
}
